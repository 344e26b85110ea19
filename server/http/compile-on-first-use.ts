// A route's request validators and response serializers are compiled when the route is first called, not all at
// start-up: compiling every schema of both contracts (ajv and fast-json-stringify) was most of the server's start,
// and most routes are never called by a given process (a test file, a short session). The first call of a route
// pays its own compile, a few milliseconds.
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';

type Validate = ReturnType<FastifySchemaCompiler<unknown>>;
type Serialize = ReturnType<FastifySerializerCompiler<unknown>>;

/** The compiles not yet done, so that a test can run them all and find a schema that does not compile. */
const pending = new Set<() => void>();

/** Runs every compile still waiting for its route's first call; throws what a schema's compile throws. */
export function compilePending(): number {
  const all = [...pending];
  for (const compile of all) compile();
  return all.length;
}

function onFirstUse<F>(compile: () => F): () => F {
  let compiled: F | undefined;
  const ensure = () => {
    if (compiled === undefined) {
      compiled = compile();
      pending.delete(ensure);
    }
    return compiled;
  };
  pending.add(ensure);
  return ensure;
}

/** A validator compiler that compiles each schema on its route's first request. */
export function validatorOnFirstUse(compiler: FastifySchemaCompiler<unknown>): FastifySchemaCompiler<unknown> {
  return (route) => {
    const compiled = onFirstUse(() => compiler(route));
    // Fastify reads a failed validation's errors from the function itself, as ajv leaves them.
    const validate: Validate = (data: unknown) => {
      const run = compiled();
      const result = run(data);
      validate.errors = run.errors;
      return result;
    };
    return validate;
  };
}

type SerializerFactory = ReturnType<typeof SerializerSelector>;

/** Fastify's own serializer factory (fast-json-stringify, shared schemas included), compiling on first use. */
export function serializersOnFirstUse(): SerializerFactory {
  const build = SerializerSelector();
  return ((externalSchemas: unknown, options: unknown) => {
    const compiler = (build as (schemas: unknown, options: unknown) => FastifySerializerCompiler<unknown>)(externalSchemas, options);
    return (route: Parameters<FastifySerializerCompiler<unknown>>[0]) => {
      const compiled = onFirstUse(() => compiler(route) as Serialize);
      return ((data: unknown) => compiled()(data)) as Serialize;
    };
  }) as SerializerFactory;
}
