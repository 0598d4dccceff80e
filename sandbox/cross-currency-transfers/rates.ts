// The rate table and the quote arithmetic live in the exchange-rates area (sandbox/exchange-rates/state.ts).
// Temporary: other areas still import these from here; their imports move to state.ts at merge.
export { rate, rateSupported } from '../exchange-rates/state.js';
