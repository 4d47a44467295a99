import { spawn } from 'node:child_process';

// `npm run dev`: the API server with reload (tsx watch) and Vite's dev server, which proxies /api.
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, HOST: process.env.HOST ?? '127.0.0.1' },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
