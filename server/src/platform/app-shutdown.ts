/** Closes connections made outside Nest's providers (the socket adapter's Redis) when the app closes. */
export class AppShutdown {
  private readonly tasks: (() => Promise<unknown> | void)[] = [];

  add(task: () => Promise<unknown> | void): void {
    this.tasks.push(task);
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.tasks.splice(0).map((task) => task()));
  }
}
