// Temporary: other areas still import these from here; their imports move to state.ts at merge.
export { customerIndex, type CustomerIndex } from './state.js';
