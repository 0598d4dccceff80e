// The OpenAPI 3.1 document as this tool reads it: plain data, with the members it uses named.

/** A node of the document: the description is data, read with the shapes OpenAPI 3.1 gives it. */
export type Node = Record<string, any>;

export interface OpenApiDocument {
  openapi: string;
  info: { version: string; [k: string]: unknown };
  servers?: { url: string }[];
  paths: Record<string, Node>;
  webhooks?: Record<string, Node>;
  components?: Record<string, Record<string, Node>>;
  [k: string]: unknown;
}
