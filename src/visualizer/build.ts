import { copyFile, mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

/** The repository (this script runs from its source, src/visualizer/build.ts; build-only, never shipped). */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Bundles the visualizer page into the CLI package, packages/cli/dist/visualizer/ (`npm run build`). */
export async function buildVisualizer(outDir = join(ROOT, 'packages', 'cli', 'dist', 'visualizer')): Promise<void> {
  const appDir = join(ROOT, 'src', 'visualizer', 'app');
  await mkdir(outDir, { recursive: true });
  await build({
    entryPoints: [join(appDir, 'main.ts')],
    outfile: join(outDir, 'app.js'),
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
  await copyFile(join(appDir, 'index.html'), join(outDir, 'index.html'));
  await copyFile(join(appDir, 'app.css'), join(outDir, 'app.css'));
  // ELK in a worker: the chart's layout runs off the page's thread, and one that takes too long is stopped.
  await copyFile(createRequire(import.meta.url).resolve('elkjs/lib/elk-worker.min.js'), join(outDir, 'elk-worker.js'));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await buildVisualizer();
  console.log(`visualizer built into ${join('packages', 'cli', 'dist', 'visualizer')}`);
}
