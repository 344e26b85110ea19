// A route's request validators and response serializers are compiled when the route is first called, not all at
// start-up: compiling every schema of both contracts (ajv and fast-json-stringify) was most of the server's start,
// and most routes are never called by a given process (a test file, a short session). The first call of a route
// pays its own compile, a few milliseconds.
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';

type Validate = ReturnType<FastifySchemaCompiler<unknown>>;
type Serialize = ReturnType<FastifySerializerCompiler<unknown>>;

/**
 * One app's compilers. The compiles still waiting belong to that app: a process that builds many apps (the API
 * test files share a worker) must not keep every closed app's routes alive, nor compile them again.
 */
export function compileOnFirstUse() {
  const pending = new Set<() => void>();

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

  return {
    /** Runs every compile still waiting for its route's first call; throws what a schema's compile throws. */
    compilePending(): number {
      const all = [...pending];
      for (const compile of all) compile();
      return all.length;
    },

    /** A validator compiler that compiles each schema on its route's first request. */
    validator(compiler: FastifySchemaCompiler<unknown>): FastifySchemaCompiler<unknown> {
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
    },

    /** Fastify's own serializer factory (fast-json-stringify, shared schemas included), compiling on first use. */
    serializers(): SerializerFactory {
      const build = SerializerSelector();
      return ((externalSchemas: unknown, options: unknown) => {
        const compiler = (build as (schemas: unknown, options: unknown) => FastifySerializerCompiler<unknown>)(externalSchemas, options);
        return (route: Parameters<FastifySerializerCompiler<unknown>>[0]) => {
          const compiled = onFirstUse(() => compiler(route) as Serialize);
          return ((data: unknown) => compiled()(data)) as Serialize;
        };
      }) as SerializerFactory;
    },
  };
}

type SerializerFactory = ReturnType<typeof SerializerSelector>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Compiles every schema of this app still waiting for its route's first call (tests). */
    compilePending(): number;
  }
}
