/**
 * The encryption KSeF API 2.0 requires (sesja-interaktywna.md, uwierzytelnianie.md), on Node's
 * crypto: RSA-OAEP with SHA-256 (MGF1 SHA-256) under the Ministry's public key for the KSeF token and
 * the session's AES key, AES-256-CBC with PKCS#7 padding for the invoice, SHA-256 in base64 for the
 * file hashes. The stand-in uses the same functions' inverses with its own private key.
 */
import * as crypto from 'node:crypto';

export const sha256Base64 = (data: Buffer | string) => crypto.createHash('sha256').update(data).digest('base64');

/** The public key inside a DER certificate given as base64 (PublicKeyCertificate.certificate). */
export function publicKeyOfCertificate(derBase64: string): crypto.KeyObject {
    return new crypto.X509Certificate(Buffer.from(derBase64, 'base64')).publicKey;
}

export function rsaOaepEncrypt(publicKey: crypto.KeyObject, data: Buffer): Buffer {
    return crypto.publicEncrypt({ key: publicKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, data);
}

export function rsaOaepDecrypt(privateKey: crypto.KeyObject, data: Buffer): Buffer {
    return crypto.privateDecrypt({ key: privateKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, data);
}

/** AES-256-CBC with PKCS#7 padding (Node's default padding for block ciphers). */
export function aesEncrypt(key: Buffer, iv: Buffer, plain: Buffer): Buffer {
    const c = crypto.createCipheriv('aes-256-cbc', key, iv);
    return Buffer.concat([c.update(plain), c.final()]);
}

/** Throws on a wrong key or broken padding. */
export function aesDecrypt(key: Buffer, iv: Buffer, encrypted: Buffer): Buffer {
    const d = crypto.createDecipheriv('aes-256-cbc', key, iv);
    return Buffer.concat([d.update(encrypted), d.final()]);
}

/** A fresh session key: 32 random bytes and a 16-byte IV. */
export function sessionKey(): { key: Buffer; iv: Buffer } {
    return { key: crypto.randomBytes(32), iv: crypto.randomBytes(16) };
}
