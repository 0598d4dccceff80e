// What a process that embeds the sandbox needs of it, in one module: build it, and read what it
// declares about itself. The harness loads this module once per process (helpers/target/global-setup.ts).
export { buildSandbox } from './app.js';
export { EMBEDDED_TIMINGS, parseQuoteVelocityCount, parseQuoteVelocityRefused, parseScaDebitAt, sandboxProfile } from './profile.js';
