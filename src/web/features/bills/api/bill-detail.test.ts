import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../../lib/api';
import { billLoadErrorMessage, isBillNotFound } from './bill-detail';

describe('billLoadErrorMessage', () => {
  it("gives the spec's texts for a 404 and a 5xx", () => {
    expect(billLoadErrorMessage(new ApiError(404, '', null))).toBe(
      'Bill not found - it may have been deleted',
    );
    expect(billLoadErrorMessage(new ApiError(500, '', null))).toBe(
      'Server error loading bill data',
    );
    expect(billLoadErrorMessage(new ApiError(503, '', null))).toBe(
      'Server error loading bill data',
    );
  });

  it('treats only a missing bill as not found', () => {
    expect(isBillNotFound(new ApiError(404, '', null))).toBe(true);
    expect(isBillNotFound(new ApiError(500, '', null))).toBe(false);
    expect(isBillNotFound(new NetworkError())).toBe(false);
    expect(billLoadErrorMessage(new NetworkError())).toBe(
      'Could not load this bill - please try again',
    );
  });
});
