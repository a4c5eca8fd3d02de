// React 18+ has useSyncExternalStore itself; the `use-sync-external-store/shim` package (wouter's
// dependency, for React 16 and 17) would only add its copy to the first load. vite.config.ts
// resolves the shim's import to this.
export { useSyncExternalStore } from 'react';
