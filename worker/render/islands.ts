/*
 * The parts of pages the browser hydrates from their own chunks (client/lib/chunks/deferred-island.ts).
 * The server renders each in place, so every feature's islands.server.ts (collected by the build
 * into generated/islands.server.ts) hands them their components, once per isolate, before any render.
 */
import '../../generated/islands.server';
