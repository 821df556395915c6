/* OpenCare service worker: caches the app shell so an installed app starts offline.
 *
 * - Navigations go to the network first (a new release is picked up at once) and fall back to the
 *   cached index.html when offline; the client router then shows the page.
 * - Built assets have hashed names and never change: served from the cache, fetched and kept on a miss.
 * - /api, /trpc and /socket.io are never cached or answered here: patient data stays out of the
 *   cache, and the API client handles its own network failures.
 *
 * The build writes sw-manifest.js (the files of the release and its id). Browsers compare imported
 * scripts byte for byte on update checks, so every new build installs a new worker and cache.
 */
importScripts('/sw-manifest.js');

const { release, files } = self.OPENCARE_SW;
const CACHE = `opencare-shell-${release}`;
const SHELL = ['/', '/index.html', '/manifest.webmanifest', '/favicon.svg', '/icons/icon-192.png', ...files];
const NEVER = /^\/(api|trpc|socket\.io)(\/|$)/;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([...new Set(SHELL)]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith('opencare-shell-') && n !== CACHE).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || NEVER.test(url.pathname)) return;

  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request).catch(() => caches.match('/index.html', { cacheName: CACHE }).then((cached) => cached || Response.error())),
    );
    return;
  }

  event.respondWith(
    caches.match(request, { cacheName: CACHE }).then(
      (cached) =>
        cached ||
        fetch(request).then((response) => {
          if (response.ok && url.pathname.startsWith('/assets/')) {
            const copy = response.clone();
            event.waitUntil(caches.open(CACHE).then((cache) => cache.put(request, copy)));
          }
          return response;
        }),
    ),
  );
});
