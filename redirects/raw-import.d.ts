/** `import text from './table.tsv?raw'` (Vite): the worker test seeds KV from the real table. */
declare module '*.tsv?raw' {
  const text: string;
  export default text;
}
