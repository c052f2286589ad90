import type { components, operations } from '../../generated/uiservices';

/** Every operationId of the contract. */
export type OperationId = keyof operations;
export type Schemas = components['schemas'];

type Op<K extends OperationId> = operations[K];
type Content<T> = T extends { content: infer C } ? C : never;
type JsonOrText<C> = C extends { 'application/json': infer J }
  ? J
  : C extends { 'text/plain': infer P }
    ? P
    : never;

export type BodyOf<K extends OperationId> =
  Op<K> extends { requestBody: infer R }
    ? JsonOrText<Content<R>>
    : Op<K> extends { requestBody?: infer R }
      ? JsonOrText<Content<R>> | undefined
      : undefined;

type ParamsPart<K extends OperationId, In extends 'path' | 'query'> = Op<K>['parameters'] extends infer P
  ? P extends Record<In, infer V>
    ? [V] extends [never | undefined]
      ? Record<string, never>
      : NonNullable<V>
    : P extends Partial<Record<In, infer V>>
      ? [NonNullable<V>] extends [never]
        ? Record<string, never>
        : NonNullable<V>
      : Record<string, never>
  : never;

export type PathOf<K extends OperationId> = ParamsPart<K, 'path'>;
export type QueryOf<K extends OperationId> = ParamsPart<K, 'query'>;
export type ResultOf<K extends OperationId> = Op<K>['responses'] extends { 200: infer R }
  ? JsonOrText<Content<R>>
  : never;
