/**
 * The words contracts, leases, NDAs, terms of service, warranties, invoices and licences use for
 * what a hurried reader says in everyday words (docs/document-chat.md, *How answers are made*):
 * "break the rules" is a breach or a violation, "take back" a revocation, "run out" an expiry,
 * "sue" litigation, "hand out" distribution. Written from the usual wording of such documents, not
 * from any evaluation question. Read by terms.ts: the groups are synonyms at their weight, the
 * phrases are read as the terms in their place.
 *
 * A group is both ways (a question saying "violate" also meets a lease's "breach"), so a word
 * belongs in a group only when it means the same in every kind of document the chat reads: words
 * a manual uses in another sense ("default", "execute", "term", "work", "user") are left out, and
 * an everyday word that is ambiguous is read only in its phrase ("break the rules", not "break").
 */
export const CONTRACT_GROUPS = [
  // Ending the agreement, breaking it, and putting it right.
  'terminate termination cancel cancellation rescind rescission',
  'breach breaches violate violation infringe infringement noncompliance contravene contravention',
  // What a breach leads to: asked what happens on breaking the rules, the answer is the termination clause.
  'breach violation terminate termination',
  'cure remedy rectify fix',
  'void unenforceable nullify',
  'revoke revocation revocable irrevocable',
  'suspend suspension deactivate',
  'vacate surrender',
  // How long it lasts.
  'expire expiry expiration lapse duration perpetual perpetuity',
  'renew renewal extend extension',
  'commence commencement start begin',
  // Liability, damages, indemnity and warranty.
  'liable liability responsible responsibility accountable',
  'damage damages loss losses lose harm injury',
  'indemnify indemnification indemnity reimburse reimbursement',
  'warranty warranties guarantee guaranty warrant',
  'disclaim disclaimer',
  'fitness suitability suitable',
  'consequential incidental indirect',
  'negligence negligent careless',
  'defective faulty defect malfunction buggy',
  'replace replacement substitute',
  'repair servicing maintenance upkeep',
  'insurance insure insured',
  'cap ceiling',
  // Lawsuits, courts and the law that governs.
  'sue lawsuit litigation litigate suit proceedings',
  'court courts tribunal jurisdiction venue',
  'dispute disputes controversy disagreement',
  'arbitration arbitrator mediation mediator',
  'governing governed jurisdiction',
  'lawyer attorney counsel solicitor',
  'penalty penalties surcharge',
  // Money: fees, payment, invoices, refunds.
  'fee fees charge charges royalty royalties',
  'pay payment remuneration compensation royalty royalties',
  'salary wage wages remuneration',
  'bonus commission incentive',
  'invoice invoices bill billing',
  'due payable owed owing outstanding',
  'late overdue arrears',
  'refund refunds reimbursement repayment',
  'deposit retainer',
  'tax taxes vat',
  'discount rebate',
  'increase raise escalation',
  'debt owe indebtedness',
  'shipping freight postage delivery',
  'deliver delivery shipment',
  'customer client buyer purchaser',
  'vendor supplier seller provider',
  'contractor consultant',
  'sell sale resell resale',
  'commercial commercially profit',
  'free gratis',
  'subscription subscribe subscriber',
  'registration enrollment enroll',
  // Confidentiality and privacy.
  'confidential confidentiality secret secrecy nondisclosure nda',
  'disclose disclosure reveal divulge',
  'privacy personal',
  'compete competitor competition noncompete',
  'solicit solicitation poach',
  // Who may pass the agreement on, and to whom.
  'assign assignment transfer',
  'successor successors heir heirs',
  'subcontract subcontractor delegate delegation',
  'sublicense sublicensing relicense',
  'sublet sublease',
  // Changes to the agreement, waivers, the rest of the clauses.
  'amend amendment revise revision modify modification',
  'waive waiver',
  'severable severability',
  'clause provision',
  'obligation obligations duty duties',
  'consent approval approve authorize authorization permission',
  'prohibit prohibited forbid forbidden restrict restriction',
  'exclusive sole',
  'agreement contract',
  'eula license',
  'notify notification notice',
  'sign signature countersign',
  // Parties.
  'licensor owner holder proprietor',
  'licensee recipient',
  'landlord lessor',
  'tenant lessee renter occupant',
  'employee staff personnel',
  'dismiss dismissal discharge',
  'resign resignation',
  'guarantor surety',
  // Leases.
  'rent rental lease leasing',
  'premises property',
  'occupy occupancy reside residence',
  'pet pets animal animals',
  'nuisance disturbance noise',
  'smoke smoking tobacco',
  'parking park',
  'vacation holiday pto',
  // Terms of service.
  'abuse misuse',
  'spam unsolicited',
  'upload submit',
  'feedback suggestion suggestions',
  'uptime availability sla',
  // Intellectual property and licence grants.
  'grant confer allowed permitted',
  'distribute distribution redistribute redistribution convey propagate disseminate ship',
  'reproduce reproduction duplicate copy',
  'derivative derived adaptation adapt',
  'attribution credit acknowledgment acknowledgement acknowledge',
  'trademark trademarks brand logo',
  'promote publicity advertise advertising marketing',
  'ownership owner',
  'bundle combine aggregate collection compilation',
  'irrevocable permanent',
  'worldwide global',
  'executable binary compiled app',
  'encrypt encryption drm',
  'deliverable deliverables milestone',
  'audit inspect inspection',
];

/**
 * Everyday phrases read as the term a contract or a licence uses in their place ("break the
 * rules" as "breach", "take back" as "revoke"): their words alone are too common, or mean other
 * things in a manual ("break" a loop, "run out" of memory is not an expiry unless said of the
 * agreement's time).
 */
export const CONTRACT_PHRASES: [RegExp, string][] = [
  // Breaking the agreement.
  [
    /\b(?:break|breaks|breaking|broke|broken|violating|bend|bends|bending) (?:(?:the|this|my|your|our|their|its|an?|any|these|those) )?(?:[\p{L}’']+(?:'s|’s)? )?(?:rules?|terms?|contract|agreement|licen[cs]e|lease|conditions?|nda|promise|deal)\b/giu,
    'breach',
  ],
  [/\b(?:go|goes|went|going) against (?:the )?(?:rules?|terms?|contract|agreement|licen[cs]e)\b/gi, 'breach'],
  [
    /\b(?:not|don't|doesn't|didn't|fail to|failed to|fails to) (?:follow|obey|comply with|stick to|keep to) (?:(?:the|this|its|their|my|our) )?(?:rules?|terms?|contract|agreement|licen[cs]e|lease|conditions?)\b/gi,
    'breach',
  ],
  [/\bmiss(?:es|ed|ing)? (?:a |the |my |one )?(?:payment|deadline|due date)\b/gi, 'late payment breach'],
  // Something that stops working (not a rule being broken: the phrase above is read first).
  [
    /\b(?:break|breaks|broke|broken|breaking) (?:my|your|our|their|the|a) (?:computer|machine|system|device|phone|car|data|files?|stuff|equipment)\b/gi,
    'damage',
  ],
  [/\bstops? working\b/gi, 'defect malfunction'],
  // Ending and leaving it.
  [
    /\b(?:take|takes|took|taking|taken) (?:(?:it|them|this|that|my|the|our|your) )?(?:\w+ )?(?:back|away)\b/gi,
    'revoke',
  ],
  [/\b(?:get|gets|getting|got) out of (?:(?:the|my|this|our|a) )?/gi, 'terminate '],
  [/\b(?:back|pull|pulls|pulled|walk|walks|walked) (?:out|away)\b/gi, 'terminate withdraw'],
  [
    /\b(?:end|ends|ended|ending|cancel|cancels|cancelled|canceled|stop|stops|stopped) (?:the |my |this |our |a )?(?:contract|agreement|lease|subscription|deal|licen[cs]e) early\b/gi,
    'early termination',
  ],
  [/\bmove (?:out|away)\b/gi, 'vacate'],
  [/\b(?:kick|kicks|kicked|throw|throws|threw) (?:me|us|them|him|her|the tenant|tenants) out\b/gi, 'evict'],
  [/\b(?:get|gets|got|getting|be|being) (?:fired|let go|sacked)\b/gi, 'dismissal terminate'],
  [/\bopt(?:s|ed|ing)? out\b|\bunsubscrib\w*/gi, 'cancel'],
  // How long it lasts.
  [/\b(?:run|runs|ran|running) out\b/gi, 'expire'],
  [/\b(?:last|lasts|lasting|valid|good|free|mine|yours) (?:for ever|forever)\b/gi, 'perpetual duration'],
  [/\bhow long (?:does|will|is|do) (.{1,40}?) (?:last|valid|in force|in effect|good for)\b/gi, 'how long $1 duration'],
  [/\b(?:auto|automatically)[- ]?renew\w*/gi, 'automatically renew'],
  [/\bnotice period\b/gi, 'notice'],
  // Lawsuits and the law.
  [/\b(?:take|takes|took|taking) (?:\w+ ){1,2}to court\b/gi, 'sue'],
  [/\b(?:go|goes|went|going) to court\b|\blegal action\b/gi, 'sue litigation'],
  [
    /\bwhich (?:country|state|countries|states)(?:'s|’s)? laws?\b|\bwhat laws? (?:applies|apply|governs?)\b/gi,
    'governing law jurisdiction',
  ],
  [/\bact of god\b/gi, 'force majeure'],
  [/\bhold (?:\w+ )?harmless\b/gi, 'indemnify'],
  [/\b(?:cover|covers|covered|pay|pays|paid) for (?:the )?damages?\b/gi, 'indemnify damages'],
  // Money.
  [/\bmoney back\b/gi, 'refund'],
  [
    /\b(?:for free|free of charge|without paying|at no (?:extra )?cost|no charge|for nothing)\b/gi,
    'free royalty charge',
  ],
  [/\b(?:make|makes|making|made|earn|earns|earning) (?:some )?money\b|\bfor profit\b/gi, 'commercial'],
  [/\bpay(?:s|ing)? (?:me|us|you|them|him|her) back\b/gi, 'reimburse'],
  [/\b(?:go|goes|went) up\b/gi, 'increase'],
  // Secrets and privacy.
  [/\bkeep (?:\w+ ){0,2}(?:secret|private|quiet|to (?:my|your|our|them)sel(?:f|ves))\b/gi, 'confidential'],
  [/\b(?:tell|tells|told|telling) (?:anyone|anybody|others|other people|people|someone|somebody)\b/gi, 'disclose'],
  [/\b(?:personal (?:data|information|details)|my data)\b/gi, 'personal data privacy'],
  [/\bclosed[- ]source\b/gi, 'proprietary'],
  [/\bnon[- ]?compete\b/gi, 'compete'],
  // Passing it on.
  [/\b(?:hand|hands|handed|handing) (?:it |them |copies |\w+ copies )?(?:out|over|around)\b/gi, 'distribute'],
  [
    /\b(?:give|gives|gave|giving|pass|passes|passed|passing|hand|hands|handed|handing) (?:it|them|copies|this|my rights|the (?:contract|agreement|licen[cs]e|lease)) (?:on|along|over) to\b/gi,
    'transfer to',
  ],
  [/\b(?:give|gives|gave|giving) (?:it |them |copies |the \w+ )?(?:away|out)\b/gi, 'distribute'],
  // Licence words for the asker's.
  [/\bcopy[- ]?protect(?:ion|ed)?\b|\banti[- ]?copy(?:ing)?\b/gi, 'technical measures drm'],
  [
    /\b(?:ask|asks|asked|asking|tell|notify|email|e-mail|write to|get in touch with|reach out to) (?:the |its |their )?(authors?|owners?|licensors?|copyright holders?|landlord|lessor|vendor|supplier)\b/gi,
    'contact $1',
  ],
  [
    /\b(?:give|gives|giving|get|gets) (?:\w+ )?credit\b|\b(?:put|keep|leave) (?:my|their|the authors?(?:'s|’s)?) names?\b/gi,
    'attribution credit',
  ],
  [/\bweb ?(?:site )?address(?:es)?\b|\bweb ?page\b/gi, 'network location url'],
  [/\bwho owns\b|\bowns? the (?:rights?|code|copyright|work|content)\b/gi, 'ownership'],
  [/\bintellectual property\b|\bIP rights?\b/g, 'intellectual property'],
  [/\bsmall print\b|\bfine print\b/gi, 'terms conditions'],
  [/\bsign(?:s|ed|ing)? up\b/gi, 'registration'],
];
