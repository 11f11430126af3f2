/*
 * The encrypted payloads' algorithms, with no schema library: the web client's first chunk imports
 * these (customer-service links are sealed with the same cipher), and a zod schema built there
 * before the site switches zod's compiled parsers off would probe for eval.
 */
export const PAYLOAD_KEY_ALG = 'ECDH-ES+A256KW';
export const PAYLOAD_ENC = 'A256GCM';
/** How far the payload's timestamp may be from the server's clock. */
export const PAYLOAD_SKEW_MS = 5 * 60_000;
