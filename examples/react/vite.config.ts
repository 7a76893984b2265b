import { defineConfig } from 'vite';

// React's JSX through esbuild (tsconfig "jsx": "react-jsx"); the package is resolved like any installed one.
export default defineConfig({
  build: { outDir: 'dist', emptyOutDir: true },
});
