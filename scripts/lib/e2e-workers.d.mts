export function e2eWorkers(): number;
