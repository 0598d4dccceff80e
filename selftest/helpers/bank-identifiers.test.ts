// The run's bank identifiers (fixtures/bank-identifiers.ts) are valid where a bank would check them:
// every generated IBAN, CLABE, routing number and BIC passes its library's validation and the
// description's pattern, ends in the suffix asked for, and the libraries themselves take their
// standards' published examples and refuse a corrupted one.
import { faker } from '@faker-js/faker/locale/en';
import { validate as isValidAba } from 'abavalidator';
import { clabe } from 'clabe-validator';
import { isValidBIC, isValidIBAN } from 'ibantools';
import { describe, expect, it } from 'vitest';
import { bic, clabeNumber, germanIban, routingNumber } from '../../fixtures/bank-identifiers.js';

// The description's patterns (openapi.yaml: EurAccountInfo.iban, MxnAccountInfo.clabeNumber, UsdAccountInfo.routingNumber, swiftCode).
const IBAN = /^[A-Z]{2}[0-9]{2}[A-Za-z0-9]{11,30}$/;
const CLABE = /^[0-9]{18}$/;
const ROUTING = /^[0-9]{9}$/;
const SWIFT = /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/;

describe('the libraries on published examples', () => {
  it('take the standards\' examples and refuse them with one digit changed', () => {
    // ISO 13616 / the IBAN registry's German example; clabe-validator's documented example; a Federal Reserve routing number; ISO 9362's example BIC.
    expect(isValidIBAN('DE89370400440532013000')).toBe(true);
    expect(isValidIBAN('DE89370400440532013001')).toBe(false);
    expect(clabe.validate('002010077777777771').ok).toBe(true);
    expect(clabe.validate('002010077777777772').ok).toBe(false);
    expect(isValidAba('021000021')).toBe(true);
    expect(isValidAba('021000022')).toBe(false);
    expect(isValidBIC('DEUTDEFF')).toBe(true);
    expect(isValidBIC('DEUTXXFF')).toBe(false);
  });
});

describe('generated identifiers', () => {
  faker.seed(20251013);
  const suffixes = ['000', '002', '003', '004', '005'];

  it.each(suffixes)('a German IBAN ending %s has valid check digits and the described form', (suffix) => {
    for (let i = 0; i < 20; i++) {
      const v = germanIban(suffix, faker);
      expect(isValidIBAN(v), v).toBe(true);
      expect(v).toMatch(IBAN);
      expect(v.startsWith('DE') && v.endsWith(suffix) && v.length === 22, v).toBe(true);
    }
  });

  it.each(suffixes)('a CLABE ending %s has a valid check digit and the described form', (suffix) => {
    for (let i = 0; i < 20; i++) {
      const v = clabeNumber(suffix, faker);
      expect(clabe.validate(v).ok, v).toBe(true);
      expect(v).toMatch(CLABE);
      expect(v.endsWith(suffix), v).toBe(true);
    }
  });

  it('routing numbers and BICs are valid and of the described form', () => {
    for (let i = 0; i < 50; i++) {
      const r = routingNumber(faker);
      expect(isValidAba(r), r).toBe(true);
      expect(r).toMatch(ROUTING);
      const b = bic('DE', faker);
      expect(isValidBIC(b), b).toBe(true);
      expect(b).toMatch(SWIFT);
    }
  });
});
