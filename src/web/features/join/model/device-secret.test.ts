import { describe, expect, it } from 'vitest';
import { forgetDeviceSecret, readDeviceSecret, saveDeviceSecret } from './device-secret';

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, String(value)),
  };
}

describe('the device secret of a join link', () => {
  it('is kept per token and read back', () => {
    const store = memoryStorage();
    expect(saveDeviceSecret('tok-a', { participantId: 'p1', secret: 's1' }, store)).toBe(true);
    expect(readDeviceSecret('tok-a', store)).toEqual({ participantId: 'p1', secret: 's1' });
    expect(readDeviceSecret('tok-b', store)).toBeNull();
  });

  it('reads nothing from a value that is not one', () => {
    const store = memoryStorage();
    store.setItem('fairshare.join.t', 'not json');
    expect(readDeviceSecret('t', store)).toBeNull();
    store.setItem('fairshare.join.t', JSON.stringify({ participantId: 'p', secret: '' }));
    expect(readDeviceSecret('t', store)).toBeNull();
    store.setItem('fairshare.join.t', JSON.stringify({ participantId: 3, secret: 'x' }));
    expect(readDeviceSecret('t', store)).toBeNull();
  });

  it('is forgotten, and a device without storage keeps nothing', () => {
    const store = memoryStorage();
    saveDeviceSecret('t', { participantId: 'p', secret: 's' }, store);
    forgetDeviceSecret('t', store);
    expect(readDeviceSecret('t', store)).toBeNull();
    expect(saveDeviceSecret('t', { participantId: 'p', secret: 's' }, null)).toBe(false);
    expect(readDeviceSecret('t', null)).toBeNull();
  });
});
