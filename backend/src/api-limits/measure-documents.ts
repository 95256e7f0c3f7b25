/**
 * Measures what the shop's own GraphQL documents need of the cost limits: the storefront's (client/,
 * worker/) against the Shop API's limits and Vendure's Dashboard's (its sources in
 * node_modules/@vendure/dashboard/src) against the Admin API's, each operation with the fragments it
 * spreads, through the same GraphQL Armor rules the backend runs, and the token count of the printed
 * document. Prints the largest value per limit and the operation that has it; exits 1 if any
 * operation would be refused. Run: `npx tsx backend/src/api-limits/measure-documents.ts`. Decision 103.
 */
import * as fs from 'fs';
import {
    buildSchema,
    type DefinitionNode,
    type DocumentNode,
    type FragmentDefinitionNode,
    Kind,
    Lexer,
    type OperationDefinitionNode,
    parse,
    print,
    Source,
    TokenKind,
    TypeInfo,
    ValidationContext,
    visit,
    visitInParallel,
} from 'graphql';
import * as path from 'path';
import { ADMIN_API_LIMITS, type CostLimits, SHOP_API_LIMITS } from './limits';
import { costLimitRules, type LimitName } from './validation-rules';

const ROOT = path.resolve(__dirname, __dirname.includes(`${path.sep}dist${path.sep}`) ? '../../../..' : '../../..');

function sourceFiles(dir: string): string[] {
    if (!fs.existsSync(dir)) return [];
    return fs
        .readdirSync(dir, { recursive: true, encoding: 'utf8' })
        .filter(f => /\.tsx?$/.test(f) && !f.includes('node_modules') && !/\.test\.tsx?$/.test(f))
        .map(f => path.join(dir, f));
}

/** Every `graphql(`…`)` / `gql`…`` document of the files, parsed (a document that does not parse is skipped). */
function documents(files: string[]): DefinitionNode[] {
    const defs: DefinitionNode[] = [];
    for (const file of files) {
        const text = fs.readFileSync(file, 'utf8');
        // bounded: our own source files, read by a development script
        for (const m of text.matchAll(/(?:graphql\(\s*|gql\s*)`([^`]*)`/g)) {
            const body = m[1]!;
            if (body.includes('${')) continue;
            try {
                defs.push(...parse(body).definitions);
            } catch {
                // not a GraphQL document (or one with interpolation)
            }
        }
    }
    return defs;
}

function tokenCount(text: string): number {
    const lexer = new Lexer(new Source(text));
    let n = 0;
    while (lexer.advance().kind !== TokenKind.EOF) n++;
    return n;
}

export interface Worst {
    limit: LimitName;
    value: number;
    operation: string;
}

/** The largest value of each limit over the operations of `defs`, each with the fragments it spreads. */
export function measure(defs: DefinitionNode[]): { operations: number; worst: Worst[] } {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const d of defs) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
    const schema = buildSchema('type Query { a: Int }');
    const worst = new Map<LimitName, Worst>();
    const note = (limit: LimitName, value: number, operation: string) => {
        if (!(value <= (worst.get(limit)?.value ?? -1))) worst.set(limit, { limit, value, operation });
    };
    const operations = defs.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
    for (const op of operations) {
        const used = new Map<string, FragmentDefinitionNode>();
        const collect = (node: OperationDefinitionNode | FragmentDefinitionNode) =>
            visit(node, {
                FragmentSpread(spread) {
                    const f = fragments.get(spread.name.value);
                    if (f && !used.has(f.name.value)) {
                        used.set(f.name.value, f);
                        collect(f);
                    }
                },
            });
        collect(op);
        const doc: DocumentNode = { kind: Kind.DOCUMENT, definitions: [op, ...used.values()] };
        const name = op.name?.value ?? '(anonymous)';
        const context = new ValidationContext(schema, doc, new TypeInfo(schema), () => {});
        visit(doc, visitInParallel(costLimitRules(UNLIMITED, (limit, value) => note(limit, value, name)).map(rule => rule(context))));
        note('tokens', tokenCount(print(doc)), name);
    }
    return { operations: operations.length, worst: [...worst.values()] };
}

const UNLIMITED: CostLimits = { depth: 1e9, aliases: 1e9, directives: 1e9, tokens: 1e9, cost: 1e15 };

function report(title: string, dirs: string[], limits: CostLimits): boolean {
    const { operations, worst } = measure(documents(dirs.flatMap(d => sourceFiles(path.join(ROOT, d)))));
    let fits = true;
    process.stdout.write(`${title}: ${operations} operations\n`);
    for (const w of worst) {
        const over = w.value > limits[w.limit];
        fits &&= !over;
        process.stdout.write(
            `  ${w.limit.padEnd(10)} ${String(Math.round(w.value)).padStart(8)}  limit ${limits[w.limit]}${over ? '  OVER' : ''}  (${w.operation})\n`,
        );
    }
    return fits;
}

if (require.main === module) {
    const shop = report('Shop API (storefront)', ['client', 'worker'], SHOP_API_LIMITS);
    const admin = report(
        'Admin API (Dashboard 3.7.3, shop extensions)',
        ['node_modules/@vendure/dashboard/src', 'backend/src', 'backend/dashboard'],
        ADMIN_API_LIMITS,
    );
    process.exit(shop && admin ? 0 : 1);
}
