interface Document { paths: Record<string, Record<string, { operationId?: string; requestBody?: { required?: boolean } }>> }

/**
 * The operations whose request body the contract marks required. Fastify validates a body only when one came
 * with a declared content type, so a request without any body would otherwise reach the handler with none.
 */
export function operationsRequiringBody(documents: object[]): Set<string> {
  const required = new Set<string>();
  for (const document of documents as Document[]) {
    for (const item of Object.values(document.paths)) {
      for (const operation of Object.values(item)) {
        if (operation?.operationId && operation.requestBody?.required) required.add(operation.operationId);
      }
    }
  }
  return required;
}
