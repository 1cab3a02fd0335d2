/**
 * The part of GitHub's GraphQL schema one query uses. Building the whole schema (1,606 types,
 * every field and argument) cost each test process that sent GraphQL ~150 ms; Ralph sends a few
 * query texts, each touching a few dozen types. The fake builds a schema from this part instead:
 * every field the query selects with all its arguments, every type those name (input objects,
 * enums and scalars whole), and every object type an abstract type it meets may resolve to, with
 * the fields selected on that abstract type, so graphql-js resolves and checks an answer as it
 * would against the whole schema. A query the part refuses is validated again against the whole
 * schema (graphql.ts), so an error reads as GitHub's schema words it.
 */
import type {
  DocumentNode,
  FragmentDefinitionNode,
  IntrospectionEnumType,
  IntrospectionField,
  IntrospectionInputObjectType,
  IntrospectionInterfaceType,
  IntrospectionObjectType,
  IntrospectionQuery,
  IntrospectionScalarType,
  IntrospectionType,
  IntrospectionTypeRef,
  SelectionSetNode,
  TypeNode,
} from "graphql";

type Composite = IntrospectionObjectType | IntrospectionInterfaceType;

function namedTypeOf(ref: IntrospectionTypeRef): string {
  let current = ref;
  while (current.kind === "LIST" || current.kind === "NON_NULL") current = current.ofType;
  return current.name;
}

function namedTypeOfNode(node: TypeNode): string {
  return node.kind === "NamedType" ? node.name.value : namedTypeOfNode(node.type);
}

class SchemaPart {
  private readonly byName: Map<string, IntrospectionType>;
  private readonly kept = new Set<string>();
  private readonly selected = new Map<string, Set<string>>();
  private readonly walked = new Set<string>();

  constructor(
    private readonly full: IntrospectionQuery,
    private readonly fragments: Map<string, FragmentDefinitionNode>,
  ) {
    this.byName = new Map(full.__schema.types.map((t) => [t.name, t]));
  }

  keepType(name: string): void {
    if (this.kept.has(name)) return;
    const type = this.byName.get(name);
    if (type === undefined) return;
    this.kept.add(name);
    if (type.kind === "INPUT_OBJECT") {
      for (const field of type.inputFields) this.keepType(namedTypeOf(field.type));
    } else if (type.kind === "INTERFACE" || type.kind === "UNION") {
      for (const possible of type.possibleTypes) this.keepType(possible.name);
    }
  }

  /** The object types `name` may be at run time: itself, or an abstract type's possible types. */
  private runtimeTypes(name: string): string[] {
    const type = this.byName.get(name);
    if (type?.kind === "INTERFACE" || type?.kind === "UNION") {
      return type.possibleTypes.map((p) => p.name);
    }
    return type?.kind === "OBJECT" ? [name] : [];
  }

  private fieldOf(typeName: string, fieldName: string): IntrospectionField | undefined {
    const type = this.byName.get(typeName);
    if (type?.kind !== "OBJECT" && type?.kind !== "INTERFACE") return undefined;
    return (type as Composite).fields.find((f) => f.name === fieldName);
  }

  private selectField(typeName: string, field: IntrospectionField): void {
    const names = this.selected.get(typeName) ?? new Set<string>();
    names.add(field.name);
    this.selected.set(typeName, names);
    for (const arg of field.args) this.keepType(namedTypeOf(arg.type));
    this.keepType(namedTypeOf(field.type));
  }

  walk(selectionSet: SelectionSetNode, typeName: string): void {
    this.keepType(typeName);
    for (const selection of selectionSet.selections) {
      if (selection.kind === "Field") {
        const name = selection.name.value;
        if (name.startsWith("__")) continue;
        // Selected on an interface, a field is read from the object type the answer resolves
        // to: each possible type gets it too, or graphql-js would leave it out of the answer.
        for (const owner of new Set([typeName, ...this.runtimeTypes(typeName)])) {
          const field = this.fieldOf(owner, name);
          if (field === undefined) continue;
          this.selectField(owner, field);
          if (selection.selectionSet)
            this.walkOnce(selection.selectionSet, namedTypeOf(field.type));
        }
      } else if (selection.kind === "InlineFragment") {
        this.walk(selection.selectionSet, selection.typeCondition?.name.value ?? typeName);
      } else {
        const fragment = this.fragments.get(selection.name.value);
        if (fragment) this.walkOnce(fragment.selectionSet, fragment.typeCondition.name.value);
      }
    }
  }

  /** A selection set and a type are walked once: a fragment spread twice adds nothing. */
  private walkOnce(selectionSet: SelectionSetNode, typeName: string): void {
    const key = `${selectionSet.loc?.start ?? ""}:${selectionSet.loc?.end ?? ""}:${typeName}`;
    if (selectionSet.loc !== undefined && this.walked.has(key)) return;
    this.walked.add(key);
    this.walk(selectionSet, typeName);
  }

  result(): IntrospectionQuery {
    const schema = this.full.__schema;
    for (const directive of schema.directives) {
      for (const arg of directive.args) this.keepType(namedTypeOf(arg.type));
    }
    const kept = <T extends { name: string }>(refs: readonly T[]) =>
      refs.filter((r) => this.kept.has(r.name));
    const types = schema.types
      .filter((t) => this.kept.has(t.name))
      .map((t): IntrospectionType => {
        const fields = (type: Composite) =>
          type.fields.filter((f) => this.selected.get(type.name)?.has(f.name));
        if (t.kind === "OBJECT") return { ...t, fields: fields(t), interfaces: kept(t.interfaces) };
        if (t.kind === "INTERFACE") {
          return {
            ...t,
            fields: fields(t),
            interfaces: kept(t.interfaces ?? []),
            possibleTypes: kept(t.possibleTypes),
          };
        }
        if (t.kind === "UNION") return { ...t, possibleTypes: kept(t.possibleTypes) };
        return t as IntrospectionScalarType | IntrospectionEnumType | IntrospectionInputObjectType;
      });
    return {
      __schema: {
        ...schema,
        subscriptionType: null,
        types,
      },
    } as IntrospectionQuery;
  }
}

/** The part of `full` that `document` uses (see above); the root types are always kept. */
export function schemaPartFor(
  full: IntrospectionQuery,
  document: DocumentNode,
): IntrospectionQuery {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === "FragmentDefinition") fragments.set(definition.name.value, definition);
  }
  const part = new SchemaPart(full, fragments);
  const { queryType, mutationType } = full.__schema;
  part.keepType(queryType.name);
  if (mutationType) part.keepType(mutationType.name);
  for (const definition of document.definitions) {
    if (definition.kind !== "OperationDefinition") continue;
    for (const variable of definition.variableDefinitions ?? []) {
      part.keepType(namedTypeOfNode(variable.type));
    }
    const root = definition.operation === "mutation" ? mutationType?.name : queryType.name;
    if (root !== undefined) part.walk(definition.selectionSet, root);
  }
  return part.result();
}
