/** A research agent's answer (seed 002): findings plus one critical and one ordinary decision. */
export const researchOutput = {
  research: {
    specs: [{ title: "RFC 6749", summary: "OAuth 2.0 framework", url: "" }],
    best_practices: [{ practice: "PKCE-EVERYWHERE", rationale: "stops code interception" }],
    pitfalls: [],
    references: [],
  },
  decisions: [
    {
      id: "D1",
      title: "Token storage",
      category: "security",
      context: "Tokens must not leak to scripts.",
      options: [
        { number: 1, label: "httpOnly cookies", description: "browser keeps them" },
        { number: 2, label: "Server-side sessions", description: "session id only" },
      ],
      recommendation: 2,
      recommendation_rationale: "revocable",
    },
    {
      id: "D2",
      title: "Error display",
      category: "behavior",
      context: "",
      options: [
        { number: 1, label: "Inline", description: "" },
        { number: 2, label: "Toast", description: "" },
      ],
      recommendation: 1,
      recommendation_rationale: "accessible",
    },
  ],
};

/** Critic final messages in the CRITIC_FEEDBACK protocol (seed 004). */
export const critic = {
  okay: () => ({
    stdout:
      "Reviewed.\n\nCRITIC_FEEDBACK:\n- Verdict: OKAY\n- Critical Issues:\n  None\n- Minor Issues:\n  None\n- Questions for Architect (if any):\n  None\n",
  }),
  reject: (issue: string) => ({
    stdout: `Reviewed.\n\nCRITIC_FEEDBACK:\n- Verdict: REJECT\n- Critical Issues:\n  1. ${issue}\n- Minor Issues:\n  None\n- Questions for Architect (if any):\n  None\n`,
  }),
};
