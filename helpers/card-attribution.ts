// Which card a card transaction was made on. openapi.yaml, CardTransaction: `cardId` ("The id of the
// `Card` this transaction was made on") is optional, and so is `issuerTransactionToken` ("Opaque
// identifier for the transaction on the underlying issuer"); every simulation answers the token of
// the transaction it made (SandboxCardSimulationResponse {issuerTransactionToken*}). So a card
// transaction is the card's where it names the card, else where its token is one a simulation on the
// card answered. One that names neither is unattributed: a list read counts it as the card's (a
// refusal that left no transaction still fails on one), an event wait cannot find it.

const cardOfToken = new Map<string, string>();
const tokensOfCard = new Map<string, Set<string>>();

/** Records the token a simulation on `cardId` answered. */
export function rememberCardToken(cardId: string, token: string): void {
  cardOfToken.set(token, cardId);
  let tokens = tokensOfCard.get(cardId);
  if (!tokens) tokensOfCard.set(cardId, (tokens = new Set()));
  tokens.add(token);
}

/** The card a card transaction (or its event's data) was made on, where it says so or its token does. */
export function cardOf(data: { cardId?: unknown; issuerTransactionToken?: unknown }): string | undefined {
  if (typeof data.cardId === 'string') return data.cardId;
  return typeof data.issuerTransactionToken === 'string' ? cardOfToken.get(data.issuerTransactionToken) : undefined;
}

/** Whether a card transaction names no card and carries no token a simulation answered. */
export const unattributed = (data: { cardId?: unknown; issuerTransactionToken?: unknown }) => cardOf(data) === undefined;

/** The key a card transaction's delivery that names no cardId is found under at the listener. */
export const tokenKey = (issuerTransactionToken: string) => `issuerTransactionToken:${issuerTransactionToken}`;

/** The listener keys a resource's deliveries are found under: its id and, for a card, its simulations' tokens. */
export const cardEventKeys = (cardId: string): string[] => [cardId, ...[...(tokensOfCard.get(cardId) ?? [])].map(tokenKey)];
