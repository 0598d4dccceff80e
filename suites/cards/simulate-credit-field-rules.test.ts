// Every documented field rule of the card simulations of a credit authorization (credit_authorization, financial_credit_authorization, credit_authorization_advice), with generated data:
// the scenarios are in authorization-field-rules.ts.
import { AUTHORIZATION_NAMES } from '../../helpers/field-rules/cards.js';
import { describeAuthorizationRules } from './authorization-field-rules.js';

describeAuthorizationRules(AUTHORIZATION_NAMES.filter((n) => n.includes('credit')));
