// The one web bill model (docs/decisions/015-one-bill-model.md).
export * from './draft-bill';
export * from './schema';
export { DRAFT_STORAGE_KEY, draftStore, OLD_DRAFT_KEYS, type DraftStore } from './store';
