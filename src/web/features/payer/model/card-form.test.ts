import { describe, expect, it } from 'vitest';
import { CARD_MESSAGES } from '../../../../domain/cards';
import { brandName, checkOnSubmit, EMPTY_FIELD, fieldProblem, formatCardField } from './card-form';

const now = new Date('2026-11-22T12:00:00Z');

describe('formatCardField', () => {
  it('groups the number, slashes the expiry and keeps digits of the CVC', () => {
    expect(formatCardField('number', '4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardField('number', '378282246310005')).toBe('3782 822463 10005');
    expect(formatCardField('expiry', '1234')).toBe('12/34');
    expect(formatCardField('expiry', '12/')).toBe('12');
    expect(formatCardField('cvc', '1a2b3c45')).toBe('1234');
  });
});

describe('brandName', () => {
  it('names the accepted brands from the leading digits', () => {
    expect(brandName('4242')).toBe('Visa');
    expect(brandName('5555 5555')).toBe('Mastercard');
    expect(brandName('2223 0031')).toBe('Mastercard');
    expect(brandName('3782')).toBe('American Express');
    expect(brandName('6011')).toBeNull();
    expect(brandName('')).toBeNull();
  });
});

describe('fieldProblem (on leaving a field)', () => {
  const empty = { number: '', expiry: '', cvc: '' };

  it('says nothing about an empty field, or a good one', () => {
    expect(fieldProblem('number', empty, now)).toBeUndefined();
    expect(
      fieldProblem('number', { ...empty, number: '4242 4242 4242 4242' }, now),
    ).toBeUndefined();
    expect(fieldProblem('expiry', { ...empty, expiry: '12/34' }, now)).toBeUndefined();
    expect(fieldProblem('cvc', { ...empty, cvc: '123' }, now)).toBeUndefined();
  });

  it('judges a field on its own while the others are empty', () => {
    expect(fieldProblem('number', { ...empty, number: '4242 4242 4242 4241' }, now)).toBe(
      CARD_MESSAGES.numberInvalid,
    );
    expect(fieldProblem('number', { ...empty, number: '6011 1111 1111 1117' }, now)).toBe(
      CARD_MESSAGES.brandUnsupported,
    );
    expect(fieldProblem('expiry', { ...empty, expiry: '13/30' }, now)).toBe(
      CARD_MESSAGES.expiryInvalid,
    );
    expect(fieldProblem('expiry', { ...empty, expiry: '10/26' }, now)).toBe(
      CARD_MESSAGES.expiryPast,
    );
    expect(fieldProblem('expiry', { ...empty, expiry: '11/26' }, now)).toBeUndefined();
    expect(fieldProblem('cvc', { ...empty, cvc: '12' }, now)).toBe(CARD_MESSAGES.cvcInvalid);
  });

  it('asks an American Express card for four digits', () => {
    const amex = { number: '3782 822463 10005', expiry: '', cvc: '123' };
    expect(fieldProblem('cvc', amex, now)).toBe(CARD_MESSAGES.cvcInvalidAmex);
    expect(fieldProblem('cvc', { ...amex, cvc: '1234' }, now)).toBeUndefined();
  });
});

describe('checkOnSubmit', () => {
  it('flags each empty field, and says the card is incomplete', () => {
    expect(checkOnSubmit({ number: '', expiry: '', cvc: '' }, now)).toEqual({
      ok: false,
      missing: true,
      problems: EMPTY_FIELD,
    });
    expect(checkOnSubmit({ number: '4242 4242 4242 4242', expiry: '', cvc: '1' }, now)).toEqual({
      ok: false,
      missing: true,
      problems: { expiry: EMPTY_FIELD.expiry },
    });
  });

  it('passes a good card and lists every bad field of a bad one', () => {
    expect(
      checkOnSubmit({ number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' }, now),
    ).toEqual({
      ok: true,
    });
    expect(checkOnSubmit({ number: '4242', expiry: '1/2', cvc: '1' }, now)).toEqual({
      ok: false,
      missing: false,
      problems: {
        number: CARD_MESSAGES.numberInvalid,
        expiry: CARD_MESSAGES.expiryInvalid,
        cvc: CARD_MESSAGES.cvcInvalid,
      },
    });
  });
});
