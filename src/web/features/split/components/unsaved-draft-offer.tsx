import { useState } from 'react';
import { useLocation } from 'wouter';
import {
  clearWorkingBill,
  discardParkedDraft,
  loadParkedDraft,
  loadUnsavedDraft,
  takeBackParkedDraft,
} from '../../../entities/bill/draft/draft-bill';
import { UnsavedDraftCard } from './unsaved-draft-card';

/** The working bill when it is unsaved, else one put aside by a scan: either is offered back. */
function unsavedBill() {
  const current = loadUnsavedDraft();
  if (current) return { draft: current, parked: false };
  const parked = loadParkedDraft();
  return parked ? { draft: parked, parked: true } : null;
}

/**
 * Home's offer of a bill split but not saved. Loaded only when the tab holds a draft
 * (`hasStoredDraft`), so home's first load carries neither the draft store nor its zod checks.
 */
export function UnsavedDraftOffer() {
  const [, navigate] = useLocation();
  const [unsaved, setUnsaved] = useState(unsavedBill);
  if (!unsaved) return null;
  return (
    <UnsavedDraftCard
      draft={unsaved.draft}
      onContinue={() => {
        if (unsaved.parked) takeBackParkedDraft(null);
        navigate('/split-bill');
      }}
      onDiscard={() => {
        if (unsaved.parked) discardParkedDraft();
        else clearWorkingBill();
        setUnsaved(unsavedBill());
      }}
    />
  );
}
