/** Who writes the machine tests' comments (fixtures.ts): their permission and whether a bot. */
export { alice, author, bob, bot, reader, stranger } from "./fixtures.js";
