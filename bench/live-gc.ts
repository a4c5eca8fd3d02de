// Loaded into bench/live's servers only (`node --expose-gc --import ./bench/live-gc.ts`): SIGUSR2
// runs a full garbage collection, so that resident memory read before and after opening the
// streams compares live memory, not how much garbage each happened to hold.
process.on('SIGUSR2', () => {
  (globalThis as { gc?: () => void }).gc?.();
});
