/** antd's map tokens for the app's themes, derived by the build (build/antd-derived-tokens.ts). */
declare module 'virtual:antd-derived-tokens' {
  const derived: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  export default derived;
}
