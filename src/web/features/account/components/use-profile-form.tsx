import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { updateProfileBodySchema } from '../../../../contracts/auth';
import { TextField } from '../../../components/ui/text-field';
import { reportError } from '../../../components/ui/report-error';
import { currentUserQuery, useCurrentUser } from '../../../lib/use-current-user';
import { updateProfile } from '../api/auth-calls';

type ProfileErrors = { firstName?: string; lastName?: string };

/**
 * The one profile form (onboarding's name step and settings' Profile dialog): first and last name,
 * checked with the server's own schema (the bill rules for a person's name) before it is sent,
 * saved, and the current user updated. `onSaved` runs once the server has the new name.
 */
export function useProfileForm(onSaved: () => void) {
  const { user } = useCurrentUser();
  const queryClient = useQueryClient();
  // The form mounts when shown, so the fields start from the current name each time.
  const [firstName, setFirstName] = useState(user?.firstName ?? '');
  const [lastName, setLastName] = useState(user?.lastName ?? '');
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [saving, setSaving] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = updateProfileBodySchema.safeParse({ firstName, lastName });
    if (!parsed.success) {
      const next: ProfileErrors = {};
      for (const issue of parsed.error.issues)
        next[issue.path[0] as keyof ProfileErrors] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      queryClient.setQueryData(currentUserQuery.queryKey, await updateProfile(parsed.data));
      setSaving(false);
      onSaved();
    } catch (err) {
      reportError(err, 'Update failed', 'Failed to update profile');
      setSaving(false);
    }
  }

  const fields = (
    <>
      <TextField
        label="First name"
        autoComplete="given-name"
        value={firstName}
        onChange={(e) => setFirstName(e.target.value)}
        error={errors.firstName}
      />
      <TextField
        label="Last name"
        autoComplete="family-name"
        value={lastName}
        onChange={(e) => setLastName(e.target.value)}
        error={errors.lastName}
      />
    </>
  );
  return { fields, submit, saving };
}
