#!/usr/bin/env node
// The CLI is one bundled file (npm run build makes it): every dependency inlined, nothing to install.
import '../dist/cli.js';
