import { describe, expect, it } from 'vitest';
import { regionDefaults } from './region-defaults';

describe('regionDefaults', () => {
  it("takes the country and currency from the browser's region", () => {
    expect(regionDefaults(['en-GB', 'en'])).toEqual({ country: 'GB', currency: 'GBP' });
    expect(regionDefaults(['de-DE', 'de'])).toEqual({ country: 'DE', currency: 'EUR' });
    expect(regionDefaults(['fr-CH'])).toEqual({ country: 'CH', currency: 'CHF' });
    expect(regionDefaults(['en-US'])).toEqual({ country: 'US', currency: 'USD' });
  });
  it('uses the first tag with a region, else the likeliest region of the first language', () => {
    expect(regionDefaults(['en', 'nl-NL'])).toEqual({ country: 'NL', currency: 'EUR' });
    expect(regionDefaults(['de'])).toEqual({ country: 'DE', currency: 'EUR' });
  });
  it('keeps a country it has no currency for, with USD to change; US/USD with nothing to go on', () => {
    expect(regionDefaults(['xx-ZZ'])).toEqual({ country: 'ZZ', currency: 'USD' });
    expect(regionDefaults([])).toEqual({ country: 'US', currency: 'USD' });
    expect(regionDefaults(['not a tag'])).toEqual({ country: 'US', currency: 'USD' });
  });
});
