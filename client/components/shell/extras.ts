/**
 * The shell's on-demand parts in one chunk: the footer island, the cookie banner and
 * settings, the language picker, the newsletter and welcome modals. One chunk rather than
 * six: each is small, and every extra dynamic entry makes esbuild split the shared code
 * (React's JSX runtime, texts) into more, smaller chunks, which costs the first load of
 * every page more than these few kilobytes loaded together on first need.
 */
export { default as FooterContent } from './FooterContent';
export { default as ShellOverlays } from './ShellOverlays';
