import { describe, expect, it } from 'vitest';
import { labelledEnum } from '../src/labelled-enum';

describe('labelledEnum', () => {
  const { values, labels } = labelledEnum([
    ['Wire', 'Wire Transfer'],
    ['ACH', 'ACH'],
    ['PayPal', 'PayPal'],
  ]);

  it("lists the values in the pairs' order", () => {
    expect(values).toEqual(['Wire', 'ACH', 'PayPal']);
  });

  it('labels each value with its pair', () => {
    expect(labels).toEqual({ Wire: 'Wire Transfer', ACH: 'ACH', PayPal: 'PayPal' });
  });
});
