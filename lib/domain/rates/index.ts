/** Random-testing rates (DESIGN.md 7.2): reference data with its source, read by the pools and draws. */
export { agencyMinimums, listRandomRates, type AgencyMinimum } from './queries';
export { RATE_CATEGORIES, RATE_ROWS, type RateCategory, type RateRow } from './rates-data';
export { ListRandomRatesQuery, Year } from './schemas';
export { serializeRate, type RandomRate } from './serialize';
export { setRandomRate, type SetRateInput } from './set-rate';
