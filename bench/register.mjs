// `node --import ./bench/register.mjs bench/<script>.ts`: a bench script run on the sources
// compiled as the package is built (bench/ts-hooks.mjs), not through tsx's keepNames.
import { register } from 'node:module';

register('./ts-hooks.mjs', import.meta.url);
