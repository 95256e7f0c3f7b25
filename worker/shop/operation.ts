import {
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  Kind,
  type OperationDefinitionNode,
  type SelectionNode,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';

/**
 * What a GraphQL document will do when the backend executes it, read the way graphql-js's
 * executor reads it (decision 106): which operation runs, the value of every argument (a
 * variable's sent value, else its default; inline literals; objects and lists built from both),
 * and every field the operation selects through aliases, inline fragments and fragment spreads.
 * The rate limits key on these values, never on the request's `variables` alone: a limit that
 * reads only `variables` is bypassed by a default value or a literal.
 */

/** The operation the backend executes, or why none can be chosen (graphql-js refuses the same documents). */
export type Executed =
  | { operation: OperationDefinitionNode; variables: Record<string, unknown>; fragments: Map<string, FragmentDefinitionNode> }
  | { problem: 'no-operation' | 'operation-name-required' | 'unknown-operation-name' };

/**
 * The operation `operationName` names (or the only one), with its variables resolved: the value
 * sent in `variables` when the request has it (null included), else the definition's default,
 * else absent, as graphql-js's `getVariableValues` does before coercion.
 */
export function executedOperation(document: DocumentNode, sent: Record<string, unknown>, operationName?: string | null): Executed {
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  let operation: OperationDefinitionNode | undefined;
  if (operationName) {
    operation = operations.find((o) => o.name?.value === operationName);
    if (!operation) return { problem: 'unknown-operation-name' };
  } else {
    if (operations.length === 0) return { problem: 'no-operation' };
    if (operations.length > 1) return { problem: 'operation-name-required' };
    operation = operations[0]!;
  }
  const variables: Record<string, unknown> = {};
  for (const definition of operation.variableDefinitions ?? []) {
    const name = definition.variable.name.value;
    if (Object.hasOwn(sent, name)) variables[name] = sent[name];
    else if (definition.defaultValue) variables[name] = valueOf(definition.defaultValue, {});
  }
  return { operation, variables, fragments };
}

/** The JavaScript value of a GraphQL value node under `variables` (enums as their names, numbers as numbers). */
function valueOf(value: ValueNode, variables: Record<string, unknown>): unknown {
  switch (value.kind) {
    case Kind.VARIABLE:
      return variables[value.name.value];
    case Kind.STRING:
    case Kind.ENUM:
      return value.value;
    case Kind.INT:
    case Kind.FLOAT:
      return Number(value.value);
    case Kind.BOOLEAN:
      return value.value;
    case Kind.NULL:
      return null;
    case Kind.LIST:
      return value.values.map((v) => valueOf(v, variables));
    case Kind.OBJECT:
      return Object.fromEntries(value.fields.map((f) => [f.name.value, valueOf(f.value, variables)]));
  }
}

/** A field's arguments by name, resolved under the operation's variables. */
export function argumentsOf(field: FieldNode, variables: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries((field.arguments ?? []).map((a) => [a.name.value, valueOf(a.value, variables)]));
}

/**
 * The fields the executor runs for `selectionSet` (not their sub-selections), as graphql-js's
 * `collectFields` gathers them: through inline fragments and fragment spreads, each fragment
 * followed once however often it is spread, and one field per response key (an alias, else the
 * name: fields that share one are merged into one execution, and must have the same arguments),
 * leaving out what `@skip(if: true)` or `@include(if: false)` leaves out.
 */
export function fieldsOf(
  selectionSet: SelectionSetNode,
  fragments: Map<string, FragmentDefinitionNode>,
  variables: Record<string, unknown>,
): FieldNode[] {
  const byKey = new Map<string, FieldNode>();
  const visited = new Set<string>();
  const walk = (set: SelectionSetNode) => {
    for (const s of set.selections) {
      if (!included(s, variables)) continue;
      if (s.kind === Kind.FIELD) {
        const key = s.alias?.value ?? s.name.value;
        if (!byKey.has(key)) byKey.set(key, s);
      } else if (s.kind === Kind.INLINE_FRAGMENT) walk(s.selectionSet);
      else if (!visited.has(s.name.value)) {
        visited.add(s.name.value);
        const fragment = fragments.get(s.name.value);
        if (fragment) walk(fragment.selectionSet);
      }
    }
  };
  walk(selectionSet);
  return [...byKey.values()];
}

/** Whether `@skip` and `@include` let a selection run (graphql-js's `shouldIncludeNode`). */
function included(node: SelectionNode, variables: Record<string, unknown>): boolean {
  for (const d of node.directives ?? []) {
    const condition = d.arguments?.find((a) => a.name.value === 'if');
    if (!condition) continue;
    const value = valueOf(condition.value, variables);
    if (d.name.value === 'skip' && value === true) return false;
    if (d.name.value === 'include' && value === false) return false;
  }
  return true;
}

/** A value at `path` inside an argument's resolved value (`input.emailAddress`), if it is a string. */
export function stringAt(value: unknown, path: readonly string[]): string | undefined {
  let v = value;
  for (const key of path) v = v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>)[key] : undefined;
  return typeof v === 'string' ? v : undefined;
}
