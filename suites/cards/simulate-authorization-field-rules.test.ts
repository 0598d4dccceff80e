// Every documented field rule of the card simulations of a debit authorization (authorization, financial_authorization), with generated data:
// the scenarios are in authorization-field-rules.ts.
import { AUTHORIZATION_NAMES } from '../../helpers/field-rules/cards.js';
import { describeAuthorizationRules } from './authorization-field-rules.js';

describeAuthorizationRules(AUTHORIZATION_NAMES.filter((n) => !n.includes('credit')));
