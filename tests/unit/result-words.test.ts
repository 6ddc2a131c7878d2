/** A result in words (DESIGN.md 7.5), as the results inbox and the order page show it. */
import { describe, expect, it } from 'vitest';
import { orderResultWords, resultWords } from '@/lib/domain/order-model/result-details';

const EMPTY = { positiveFor: [], alcohol: null, refusal: null, cancellation: null, dilute: false, recollection: null };

describe('resultWords', () => {
  it('says what the MRO letter and the alcohol testing form say', () => {
    expect(resultWords('nonNegative', { ...EMPTY, positiveFor: ['marijuana'] })).toBe('Positive: marijuana');
    expect(resultWords('nonNegative', { ...EMPTY, positiveFor: ['pcp', 'opioids'], dilute: true })).toBe('Positive: PCP, opioids (dilute)');
    expect(resultWords('nonNegative', { ...EMPTY, alcohol: { screening: 0.045, confirmation: 0.041 } })).toBe('Alcohol 0.041 (confirmation)');
    expect(resultWords('adulterated_failTC', { ...EMPTY, refusal: { kind: 'adulterated' } })).toBe('Refusal: adulterated');
    expect(resultWords('incomplete_refusalToTest', { ...EMPTY, refusal: { kind: 'shyBladder' } })).toBe('Refusal: shy bladder');
    expect(resultWords('cancelled', { ...EMPTY, cancellation: { by: 'mro', reason: 'Fatal flaw' } })).toBe('Cancelled by the MRO: Fatal flaw');
    expect(resultWords('cancelled', { ...EMPTY, cancellation: { by: 'employer', reason: null } })).toBe('Cancelled by the employer');
    expect(resultWords('negative_negativeDilute', { ...EMPTY, dilute: true })).toBe('Negative-dilute');
  });

  it('nothing beyond the status for a plain negative, or without details', () => {
    expect(resultWords('negative', EMPTY)).toBeNull();
    expect(resultWords('negative', { ...EMPTY, alcohol: { screening: 0.01, confirmation: null } })).toBeNull();
    expect(resultWords('nonNegative', null)).toBeNull();
  });

  it('an order joins its services\' words, once each', () => {
    const services = [
      { status: 'nonNegative', result: { ...EMPTY, positiveFor: ['cocaine' as const] } },
      { status: 'negative', result: EMPTY },
      { status: 'nonNegative', result: { ...EMPTY, alcohol: { screening: 0.05, confirmation: 0.048 } } },
    ];
    expect(orderResultWords(services)).toBe('Positive: cocaine · Alcohol 0.048 (confirmation)');
  });
});
