/**
 * React, React DOM and the router, imported by the entry before the app (main.tsx): evaluating
 * them and then the app's own modules in two tasks, with the browser free in between, instead
 * of one long task on a phone's CPU. start.tsx imports the same modules, already evaluated then.
 */
export { StrictMode } from 'react';
export { hydrateRoot } from 'react-dom/client';
export { createBrowserRouter } from 'react-router';
