/**
 * Writes backend/seed/products.json from catalogue.ts: [{ id, slug, name, collection, path }] in id
 * order. The redirect table links `/p/{id}/{slug}` from it, so it is committed and must be regenerated
 * whenever catalogue.ts changes (the backend tests check that it matches the running backend).
 */
import * as fs from 'fs';
import * as path from 'path';
import { PRODUCTS, collectionPath } from './catalogue';

export function productsJson(): string {
    const list = PRODUCTS.map(p => ({
        id: p.id,
        slug: p.slug,
        name: p.name,
        collection: p.collection,
        path: '/c/' + collectionPath(p.collection).join('/'),
    }));
    return JSON.stringify(list, null, 2) + '\n';
}

if (require.main === module) {
    // works from backend/seed (tsx) and from backend/dist/seed (compiled)
    const backendDir = path.resolve(__dirname, __dirname.includes(`${path.sep}dist${path.sep}`) ? '../..' : '..');
    const target = path.join(backendDir, 'seed', 'products.json');
    fs.writeFileSync(target, productsJson());
    const variants = PRODUCTS.reduce((n, p) => n + p.variants.length, 0);
    console.log(`wrote ${target}: ${PRODUCTS.length} products, ${variants} variants`);
}
