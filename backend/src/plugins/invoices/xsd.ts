import { spawn } from 'node:child_process';
import path from 'node:path';
import { BACKEND_DIR } from '../../env';

/**
 * Validation against the Ministry of Finance's FA(3) schema (schema/, kept verbatim; README there)
 * with libxml2's xmllint (Debian's libxml2-utils; .ci/run installs it). The schema imports its base
 * schemas by http URL: schema/catalog.xml rewrites them to the local copies and --nonet forbids any
 * download, so validation never reaches the network.
 */
/** the source folder (tsc copies no .xsd into dist/) */
export const SCHEMA_DIR = path.join(BACKEND_DIR, 'src', 'plugins', 'invoices', 'schema');
export const FA3_XSD = path.join(SCHEMA_DIR, 'schemat_FA(3)_v1-0E.xsd');

export interface XsdResult {
    valid: boolean;
    /** xmllint's messages (empty when valid) */
    errors: string[];
}

/** Validates `xml` against the FA(3) XSD; rejects only when xmllint cannot be run. */
export function validateFa3(xml: string): Promise<XsdResult> {
    return new Promise((resolve, reject) => {
        const child = spawn('xmllint', ['--nonet', '--noout', '--schema', FA3_XSD, '-'], {
            env: { ...process.env, XML_CATALOG_FILES: path.join(SCHEMA_DIR, 'catalog.xml') },
            stdio: ['pipe', 'ignore', 'pipe'],
        });
        let stderr = '';
        child.stderr.setEncoding('utf8');
        child.stderr.on('data', (d: string) => {
            if (stderr.length < 20_000) stderr += d;
        });
        child.on('error', e => reject(new Error(`xmllint could not be started (apt-get install libxml2-utils): ${e.message}`)));
        child.on('close', code => {
            const errors = stderr
                .split('\n')
                .map(l => l.trim())
                .filter(l => l && !/validates$/.test(l) && !/fails to validate$/.test(l));
            // 0: valid; 3/4: invalid document or schema; anything else: xmllint itself failed
            if (code === 0) resolve({ valid: true, errors: [] });
            else if (code === 3 || code === 4 || code === 1)
                resolve({ valid: false, errors: errors.length ? errors : [`xmllint exit ${code}`] });
            else reject(new Error(`xmllint exited with ${code}: ${stderr.slice(0, 500)}`));
        });
        child.stdin.end(xml, 'utf8');
    });
}
