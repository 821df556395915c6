#!/usr/bin/env node
// The installed command: registers tsx so the agent runs from its TypeScript sources (one artefact,
// no build step on the gateway), then hands over to the CLI.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli.ts');
