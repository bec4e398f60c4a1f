/** Closes connections made outside Nest's providers (the socket adapter's Redis) when the app closes. */
export class AppShutdown {
  private readonly tasks: (() => void)[] = [];

  add(task: () => void): void {
    this.tasks.push(task);
  }

  onApplicationShutdown(): void {
    for (const task of this.tasks.splice(0)) task();
  }
}
