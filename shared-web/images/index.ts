export * from './image-url.js';
