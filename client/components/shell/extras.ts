/**
 * The shell's on-demand overlays in one chunk: the cookie banner and settings, the language
 * picker, the newsletter and welcome modals. One chunk rather than five: each is small, and
 * every extra dynamic entry makes esbuild split the shared code (React's JSX runtime, texts)
 * into more, smaller chunks, which costs every page's first load more than these few
 * kilobytes loaded together on first need.
 */
export { default as ShellOverlays } from './ShellOverlays';
