// Placeholder entry: the touch screens land with the kiosk renderer.
const app = document.getElementById('app');
if (app) app.textContent = 'Class check-in';
