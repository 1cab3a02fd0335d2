import { createRequire as __ralphCreateRequire } from "node:module";
const require = __ralphCreateRequire(import.meta.url);
var __create = Object.create;
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __getProtoOf = Object.getPrototypeOf;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __require = /* @__PURE__ */ ((x) => typeof require !== "undefined" ? require : typeof Proxy !== "undefined" ? new Proxy(x, {
  get: (a, b) => (typeof require !== "undefined" ? require : a)[b]
}) : x)(function(x) {
  if (typeof require !== "undefined") return require.apply(this, arguments);
  throw Error('Dynamic require of "' + x + '" is not supported');
});
var __commonJS = (cb, mod) => function __require2() {
  try {
    return mod || (0, cb[__getOwnPropNames(cb)[0]])((mod = { exports: {} }).exports, mod), mod.exports;
  } catch (e) {
    throw mod = 0, e;
  }
};
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};
var __copyProps = (to, from, except, desc) => {
  if (from && typeof from === "object" || typeof from === "function") {
    for (let key of __getOwnPropNames(from))
      if (!__hasOwnProp.call(to, key) && key !== except)
        __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
  }
  return to;
};
var __toESM = (mod, isNodeMode, target) => (target = mod != null ? __create(__getProtoOf(mod)) : {}, __copyProps(
  // If the importer is in node compatibility mode or this is not an ESM
  // file that has been converted to a CommonJS file using a Babel-
  // compatible transform (i.e. "__esModule" has not been set), then set
  // "default" to the CommonJS "module.exports" for node compatibility.
  isNodeMode || !mod || !mod.__esModule ? __defProp(target, "default", { value: mod, enumerable: true }) : target,
  mod
));

// node_modules/yaml/dist/nodes/identity.js
var require_identity = __commonJS({
  "node_modules/yaml/dist/nodes/identity.js"(exports) {
    "use strict";
    var ALIAS = /* @__PURE__ */ Symbol.for("yaml.alias");
    var DOC = /* @__PURE__ */ Symbol.for("yaml.document");
    var MAP = /* @__PURE__ */ Symbol.for("yaml.map");
    var PAIR = /* @__PURE__ */ Symbol.for("yaml.pair");
    var SCALAR = /* @__PURE__ */ Symbol.for("yaml.scalar");
    var SEQ = /* @__PURE__ */ Symbol.for("yaml.seq");
    var NODE_TYPE = /* @__PURE__ */ Symbol.for("yaml.node.type");
    var isAlias = (node2) => !!node2 && typeof node2 === "object" && node2[NODE_TYPE] === ALIAS;
    var isDocument = (node2) => !!node2 && typeof node2 === "object" && node2[NODE_TYPE] === DOC;
    var isMap = (node2) => !!node2 && typeof node2 === "object" && node2[NODE_TYPE] === MAP;
    var isPair = (node2) => !!node2 && typeof node2 === "object" && node2[NODE_TYPE] === PAIR;
    var isScalar = (node2) => !!node2 && typeof node2 === "object" && node2[NODE_TYPE] === SCALAR;
    var isSeq = (node2) => !!node2 && typeof node2 === "object" && node2[NODE_TYPE] === SEQ;
    function isCollection(node2) {
      if (node2 && typeof node2 === "object")
        switch (node2[NODE_TYPE]) {
          case MAP:
          case SEQ:
            return true;
        }
      return false;
    }
    function isNode(node2) {
      if (node2 && typeof node2 === "object")
        switch (node2[NODE_TYPE]) {
          case ALIAS:
          case MAP:
          case SCALAR:
          case SEQ:
            return true;
        }
      return false;
    }
    var hasAnchor = (node2) => (isScalar(node2) || isCollection(node2)) && !!node2.anchor;
    exports.ALIAS = ALIAS;
    exports.DOC = DOC;
    exports.MAP = MAP;
    exports.NODE_TYPE = NODE_TYPE;
    exports.PAIR = PAIR;
    exports.SCALAR = SCALAR;
    exports.SEQ = SEQ;
    exports.hasAnchor = hasAnchor;
    exports.isAlias = isAlias;
    exports.isCollection = isCollection;
    exports.isDocument = isDocument;
    exports.isMap = isMap;
    exports.isNode = isNode;
    exports.isPair = isPair;
    exports.isScalar = isScalar;
    exports.isSeq = isSeq;
  }
});

// node_modules/yaml/dist/visit.js
var require_visit = __commonJS({
  "node_modules/yaml/dist/visit.js"(exports) {
    "use strict";
    var identity = require_identity();
    var BREAK = /* @__PURE__ */ Symbol("break visit");
    var SKIP = /* @__PURE__ */ Symbol("skip children");
    var REMOVE = /* @__PURE__ */ Symbol("remove node");
    function visit(node2, visitor) {
      const visitor_ = initVisitor(visitor);
      if (identity.isDocument(node2)) {
        const cd = visit_(null, node2.contents, visitor_, Object.freeze([node2]));
        if (cd === REMOVE)
          node2.contents = null;
      } else
        visit_(null, node2, visitor_, Object.freeze([]));
    }
    visit.BREAK = BREAK;
    visit.SKIP = SKIP;
    visit.REMOVE = REMOVE;
    function visit_(key, node2, visitor, path) {
      const ctrl = callVisitor(key, node2, visitor, path);
      if (identity.isNode(ctrl) || identity.isPair(ctrl)) {
        replaceNode(key, path, ctrl);
        return visit_(key, ctrl, visitor, path);
      }
      if (typeof ctrl !== "symbol") {
        if (identity.isCollection(node2)) {
          path = Object.freeze(path.concat(node2));
          for (let i = 0; i < node2.items.length; ++i) {
            const ci = visit_(i, node2.items[i], visitor, path);
            if (typeof ci === "number")
              i = ci - 1;
            else if (ci === BREAK)
              return BREAK;
            else if (ci === REMOVE) {
              node2.items.splice(i, 1);
              i -= 1;
            }
          }
        } else if (identity.isPair(node2)) {
          path = Object.freeze(path.concat(node2));
          const ck = visit_("key", node2.key, visitor, path);
          if (ck === BREAK)
            return BREAK;
          else if (ck === REMOVE)
            node2.key = null;
          const cv = visit_("value", node2.value, visitor, path);
          if (cv === BREAK)
            return BREAK;
          else if (cv === REMOVE)
            node2.value = null;
        }
      }
      return ctrl;
    }
    async function visitAsync(node2, visitor) {
      const visitor_ = initVisitor(visitor);
      if (identity.isDocument(node2)) {
        const cd = await visitAsync_(null, node2.contents, visitor_, Object.freeze([node2]));
        if (cd === REMOVE)
          node2.contents = null;
      } else
        await visitAsync_(null, node2, visitor_, Object.freeze([]));
    }
    visitAsync.BREAK = BREAK;
    visitAsync.SKIP = SKIP;
    visitAsync.REMOVE = REMOVE;
    async function visitAsync_(key, node2, visitor, path) {
      const ctrl = await callVisitor(key, node2, visitor, path);
      if (identity.isNode(ctrl) || identity.isPair(ctrl)) {
        replaceNode(key, path, ctrl);
        return visitAsync_(key, ctrl, visitor, path);
      }
      if (typeof ctrl !== "symbol") {
        if (identity.isCollection(node2)) {
          path = Object.freeze(path.concat(node2));
          for (let i = 0; i < node2.items.length; ++i) {
            const ci = await visitAsync_(i, node2.items[i], visitor, path);
            if (typeof ci === "number")
              i = ci - 1;
            else if (ci === BREAK)
              return BREAK;
            else if (ci === REMOVE) {
              node2.items.splice(i, 1);
              i -= 1;
            }
          }
        } else if (identity.isPair(node2)) {
          path = Object.freeze(path.concat(node2));
          const ck = await visitAsync_("key", node2.key, visitor, path);
          if (ck === BREAK)
            return BREAK;
          else if (ck === REMOVE)
            node2.key = null;
          const cv = await visitAsync_("value", node2.value, visitor, path);
          if (cv === BREAK)
            return BREAK;
          else if (cv === REMOVE)
            node2.value = null;
        }
      }
      return ctrl;
    }
    function initVisitor(visitor) {
      if (typeof visitor === "object" && (visitor.Collection || visitor.Node || visitor.Value)) {
        return Object.assign({
          Alias: visitor.Node,
          Map: visitor.Node,
          Scalar: visitor.Node,
          Seq: visitor.Node
        }, visitor.Value && {
          Map: visitor.Value,
          Scalar: visitor.Value,
          Seq: visitor.Value
        }, visitor.Collection && {
          Map: visitor.Collection,
          Seq: visitor.Collection
        }, visitor);
      }
      return visitor;
    }
    function callVisitor(key, node2, visitor, path) {
      if (typeof visitor === "function")
        return visitor(key, node2, path);
      if (identity.isMap(node2))
        return visitor.Map?.(key, node2, path);
      if (identity.isSeq(node2))
        return visitor.Seq?.(key, node2, path);
      if (identity.isPair(node2))
        return visitor.Pair?.(key, node2, path);
      if (identity.isScalar(node2))
        return visitor.Scalar?.(key, node2, path);
      if (identity.isAlias(node2))
        return visitor.Alias?.(key, node2, path);
      return void 0;
    }
    function replaceNode(key, path, node2) {
      const parent = path[path.length - 1];
      if (identity.isCollection(parent)) {
        parent.items[key] = node2;
      } else if (identity.isPair(parent)) {
        if (key === "key")
          parent.key = node2;
        else
          parent.value = node2;
      } else if (identity.isDocument(parent)) {
        parent.contents = node2;
      } else {
        const pt = identity.isAlias(parent) ? "alias" : "scalar";
        throw new Error(`Cannot replace node with ${pt} parent`);
      }
    }
    exports.visit = visit;
    exports.visitAsync = visitAsync;
  }
});

// node_modules/yaml/dist/doc/directives.js
var require_directives = __commonJS({
  "node_modules/yaml/dist/doc/directives.js"(exports) {
    "use strict";
    var identity = require_identity();
    var visit = require_visit();
    var escapeChars = {
      "!": "%21",
      ",": "%2C",
      "[": "%5B",
      "]": "%5D",
      "{": "%7B",
      "}": "%7D"
    };
    var escapeTagName = (tn) => tn.replace(/[!,[\]{}]/g, (ch) => escapeChars[ch]);
    var Directives = class _Directives {
      constructor(yaml, tags) {
        this.docStart = null;
        this.docEnd = false;
        this.yaml = Object.assign({}, _Directives.defaultYaml, yaml);
        this.tags = Object.assign({}, _Directives.defaultTags, tags);
      }
      clone() {
        const copy = new _Directives(this.yaml, this.tags);
        copy.docStart = this.docStart;
        return copy;
      }
      /**
       * During parsing, get a Directives instance for the current document and
       * update the stream state according to the current version's spec.
       */
      atDocument() {
        const res = new _Directives(this.yaml, this.tags);
        switch (this.yaml.version) {
          case "1.1":
            this.atNextDocument = true;
            break;
          case "1.2":
            this.atNextDocument = false;
            this.yaml = {
              explicit: _Directives.defaultYaml.explicit,
              version: "1.2"
            };
            this.tags = Object.assign({}, _Directives.defaultTags);
            break;
        }
        return res;
      }
      /**
       * @param onError - May be called even if the action was successful
       * @returns `true` on success
       */
      add(line, onError) {
        if (this.atNextDocument) {
          this.yaml = { explicit: _Directives.defaultYaml.explicit, version: "1.1" };
          this.tags = Object.assign({}, _Directives.defaultTags);
          this.atNextDocument = false;
        }
        const parts = line.trim().split(/[ \t]+/);
        const name = parts.shift();
        switch (name) {
          case "%TAG": {
            if (parts.length !== 2) {
              onError(0, "%TAG directive should contain exactly two parts");
              if (parts.length < 2)
                return false;
            }
            const [handle, prefix] = parts;
            this.tags[handle] = prefix;
            return true;
          }
          case "%YAML": {
            this.yaml.explicit = true;
            if (parts.length !== 1) {
              onError(0, "%YAML directive should contain exactly one part");
              return false;
            }
            const [version2] = parts;
            if (version2 === "1.1" || version2 === "1.2") {
              this.yaml.version = version2;
              return true;
            } else {
              const isValid = /^\d+\.\d+$/.test(version2);
              onError(6, `Unsupported YAML version ${version2}`, isValid);
              return false;
            }
          }
          default:
            onError(0, `Unknown directive ${name}`, true);
            return false;
        }
      }
      /**
       * Resolves a tag, matching handles to those defined in %TAG directives.
       *
       * @returns Resolved tag, which may also be the non-specific tag `'!'` or a
       *   `'!local'` tag, or `null` if unresolvable.
       */
      tagName(source, onError) {
        if (source === "!")
          return "!";
        if (source[0] !== "!") {
          onError(`Not a valid tag: ${source}`);
          return null;
        }
        if (source[1] === "<") {
          const verbatim = source.slice(2, -1);
          if (verbatim === "!" || verbatim === "!!") {
            onError(`Verbatim tags aren't resolved, so ${source} is invalid.`);
            return null;
          }
          if (source[source.length - 1] !== ">")
            onError("Verbatim tags must end with a >");
          return verbatim;
        }
        const [, handle, suffix] = source.match(/^(.*!)([^!]*)$/s);
        if (!suffix)
          onError(`The ${source} tag has no suffix`);
        const prefix = this.tags[handle];
        if (prefix) {
          try {
            return prefix + decodeURIComponent(suffix);
          } catch (error2) {
            onError(String(error2));
            return null;
          }
        }
        if (handle === "!")
          return source;
        onError(`Could not resolve tag: ${source}`);
        return null;
      }
      /**
       * Given a fully resolved tag, returns its printable string form,
       * taking into account current tag prefixes and defaults.
       */
      tagString(tag) {
        for (const [handle, prefix] of Object.entries(this.tags)) {
          if (tag.startsWith(prefix))
            return handle + escapeTagName(tag.substring(prefix.length));
        }
        return tag[0] === "!" ? tag : `!<${tag}>`;
      }
      toString(doc) {
        const lines = this.yaml.explicit ? [`%YAML ${this.yaml.version || "1.2"}`] : [];
        const tagEntries = Object.entries(this.tags);
        let tagNames;
        if (doc && tagEntries.length > 0 && identity.isNode(doc.contents)) {
          const tags = {};
          visit.visit(doc.contents, (_key, node2) => {
            if (identity.isNode(node2) && node2.tag)
              tags[node2.tag] = true;
          });
          tagNames = Object.keys(tags);
        } else
          tagNames = [];
        for (const [handle, prefix] of tagEntries) {
          if (handle === "!!" && prefix === "tag:yaml.org,2002:")
            continue;
          if (!doc || tagNames.some((tn) => tn.startsWith(prefix)))
            lines.push(`%TAG ${handle} ${prefix}`);
        }
        return lines.join("\n");
      }
    };
    Directives.defaultYaml = { explicit: false, version: "1.2" };
    Directives.defaultTags = { "!!": "tag:yaml.org,2002:" };
    exports.Directives = Directives;
  }
});

// node_modules/yaml/dist/doc/anchors.js
var require_anchors = __commonJS({
  "node_modules/yaml/dist/doc/anchors.js"(exports) {
    "use strict";
    var identity = require_identity();
    var visit = require_visit();
    function anchorIsValid(anchor2) {
      if (/[\x00-\x19\s,[\]{}]/.test(anchor2)) {
        const sa = JSON.stringify(anchor2);
        const msg = `Anchor must not contain whitespace or control characters: ${sa}`;
        throw new Error(msg);
      }
      return true;
    }
    function anchorNames(root) {
      const anchors = /* @__PURE__ */ new Set();
      visit.visit(root, {
        Value(_key, node2) {
          if (node2.anchor)
            anchors.add(node2.anchor);
        }
      });
      return anchors;
    }
    function findNewAnchor(prefix, exclude) {
      for (let i = 1; true; ++i) {
        const name = `${prefix}${i}`;
        if (!exclude.has(name))
          return name;
      }
    }
    function createNodeAnchors(doc, prefix) {
      const aliasObjects = [];
      const sourceObjects = /* @__PURE__ */ new Map();
      let prevAnchors = null;
      return {
        onAnchor: (source) => {
          aliasObjects.push(source);
          prevAnchors ?? (prevAnchors = anchorNames(doc));
          const anchor2 = findNewAnchor(prefix, prevAnchors);
          prevAnchors.add(anchor2);
          return anchor2;
        },
        /**
         * With circular references, the source node is only resolved after all
         * of its child nodes are. This is why anchors are set only after all of
         * the nodes have been created.
         */
        setAnchors: () => {
          for (const source of aliasObjects) {
            const ref = sourceObjects.get(source);
            if (typeof ref === "object" && ref.anchor && (identity.isScalar(ref.node) || identity.isCollection(ref.node))) {
              ref.node.anchor = ref.anchor;
            } else {
              const error2 = new Error("Failed to resolve repeated object (this should not happen)");
              error2.source = source;
              throw error2;
            }
          }
        },
        sourceObjects
      };
    }
    exports.anchorIsValid = anchorIsValid;
    exports.anchorNames = anchorNames;
    exports.createNodeAnchors = createNodeAnchors;
    exports.findNewAnchor = findNewAnchor;
  }
});

// node_modules/yaml/dist/doc/applyReviver.js
var require_applyReviver = __commonJS({
  "node_modules/yaml/dist/doc/applyReviver.js"(exports) {
    "use strict";
    function applyReviver(reviver, obj, key, val) {
      if (val && typeof val === "object") {
        if (Array.isArray(val)) {
          for (let i = 0, len = val.length; i < len; ++i) {
            const v0 = val[i];
            const v1 = applyReviver(reviver, val, String(i), v0);
            if (v1 === void 0)
              delete val[i];
            else if (v1 !== v0)
              val[i] = v1;
          }
        } else if (val instanceof Map) {
          for (const k of Array.from(val.keys())) {
            const v0 = val.get(k);
            const v1 = applyReviver(reviver, val, k, v0);
            if (v1 === void 0)
              val.delete(k);
            else if (v1 !== v0)
              val.set(k, v1);
          }
        } else if (val instanceof Set) {
          for (const v0 of Array.from(val)) {
            const v1 = applyReviver(reviver, val, v0, v0);
            if (v1 === void 0)
              val.delete(v0);
            else if (v1 !== v0) {
              val.delete(v0);
              val.add(v1);
            }
          }
        } else {
          for (const [k, v0] of Object.entries(val)) {
            const v1 = applyReviver(reviver, val, k, v0);
            if (v1 === void 0)
              delete val[k];
            else if (v1 !== v0)
              val[k] = v1;
          }
        }
      }
      return reviver.call(obj, key, val);
    }
    exports.applyReviver = applyReviver;
  }
});

// node_modules/yaml/dist/nodes/toJS.js
var require_toJS = __commonJS({
  "node_modules/yaml/dist/nodes/toJS.js"(exports) {
    "use strict";
    var identity = require_identity();
    function toJS(value, arg, ctx) {
      if (Array.isArray(value))
        return value.map((v, i) => toJS(v, String(i), ctx));
      if (value && typeof value.toJSON === "function") {
        if (!ctx || !identity.hasAnchor(value))
          return value.toJSON(arg, ctx);
        const data = { aliasCount: 0, count: 1, res: void 0 };
        ctx.anchors.set(value, data);
        ctx.onCreate = (res2) => {
          data.res = res2;
          delete ctx.onCreate;
        };
        const res = value.toJSON(arg, ctx);
        if (ctx.onCreate)
          ctx.onCreate(res);
        return res;
      }
      if (typeof value === "bigint" && !ctx?.keep)
        return Number(value);
      return value;
    }
    exports.toJS = toJS;
  }
});

// node_modules/yaml/dist/nodes/Node.js
var require_Node = __commonJS({
  "node_modules/yaml/dist/nodes/Node.js"(exports) {
    "use strict";
    var applyReviver = require_applyReviver();
    var identity = require_identity();
    var toJS = require_toJS();
    var NodeBase = class {
      constructor(type) {
        Object.defineProperty(this, identity.NODE_TYPE, { value: type });
      }
      /** Create a copy of this node.  */
      clone() {
        const copy = Object.create(Object.getPrototypeOf(this), Object.getOwnPropertyDescriptors(this));
        if (this.range)
          copy.range = this.range.slice();
        return copy;
      }
      /** A plain JavaScript representation of this node. */
      toJS(doc, { mapAsMap, maxAliasCount, onAnchor, reviver } = {}) {
        if (!identity.isDocument(doc))
          throw new TypeError("A document argument is required");
        const ctx = {
          anchors: /* @__PURE__ */ new Map(),
          doc,
          keep: true,
          mapAsMap: mapAsMap === true,
          mapKeyWarned: false,
          maxAliasCount: typeof maxAliasCount === "number" ? maxAliasCount : 100
        };
        const res = toJS.toJS(this, "", ctx);
        if (typeof onAnchor === "function")
          for (const { count, res: res2 } of ctx.anchors.values())
            onAnchor(res2, count);
        return typeof reviver === "function" ? applyReviver.applyReviver(reviver, { "": res }, "", res) : res;
      }
    };
    exports.NodeBase = NodeBase;
  }
});

// node_modules/yaml/dist/nodes/Alias.js
var require_Alias = __commonJS({
  "node_modules/yaml/dist/nodes/Alias.js"(exports) {
    "use strict";
    var anchors = require_anchors();
    var visit = require_visit();
    var identity = require_identity();
    var Node = require_Node();
    var toJS = require_toJS();
    var Alias = class extends Node.NodeBase {
      constructor(source) {
        super(identity.ALIAS);
        this.source = source;
        Object.defineProperty(this, "tag", {
          set() {
            throw new Error("Alias nodes cannot have tags");
          }
        });
      }
      /**
       * Resolve the value of this alias within `doc`, finding the last
       * instance of the `source` anchor before this node.
       */
      resolve(doc, ctx) {
        if (ctx?.maxAliasCount === 0)
          throw new ReferenceError("Alias resolution is disabled");
        let nodes;
        if (ctx?.aliasResolveCache) {
          nodes = ctx.aliasResolveCache;
        } else {
          nodes = [];
          visit.visit(doc, {
            Node: (_key, node2) => {
              if (identity.isAlias(node2) || identity.hasAnchor(node2))
                nodes.push(node2);
            }
          });
          if (ctx)
            ctx.aliasResolveCache = nodes;
        }
        let found2 = void 0;
        for (const node2 of nodes) {
          if (node2 === this)
            break;
          if (node2.anchor === this.source)
            found2 = node2;
        }
        if (found2 && ctx) {
          const { anchors: anchors2, doc: doc2, maxAliasCount } = ctx;
          let data = anchors2.get(found2);
          if (!data) {
            toJS.toJS(found2, null, ctx);
            data = anchors2.get(found2);
          }
          if (data?.res === void 0) {
            const msg = "This should not happen: Alias anchor was not resolved?";
            throw new ReferenceError(msg);
          }
          if (maxAliasCount >= 0) {
            data.count += 1;
            if (data.aliasCount === 0)
              data.aliasCount = getAliasCount(doc2, found2, anchors2);
            if (data.count * data.aliasCount > maxAliasCount) {
              const msg = "Excessive alias count indicates a resource exhaustion attack";
              throw new ReferenceError(msg);
            }
          }
        }
        return found2;
      }
      toJSON(_arg, ctx) {
        if (!ctx)
          return { source: this.source };
        const source = this.resolve(ctx.doc, ctx);
        if (!source) {
          const msg = `Unresolved alias (the anchor must be set before the alias): ${this.source}`;
          throw new ReferenceError(msg);
        }
        return ctx.anchors.get(source).res;
      }
      toString(ctx, _onComment, _onChompKeep) {
        const src = `*${this.source}`;
        if (ctx) {
          anchors.anchorIsValid(this.source);
          if (ctx.options.verifyAliasOrder && !ctx.anchors.has(this.source)) {
            const msg = `Unresolved alias (the anchor must be set before the alias): ${this.source}`;
            throw new Error(msg);
          }
          if (ctx.implicitKey)
            return `${src} `;
        }
        return src;
      }
    };
    function getAliasCount(doc, node2, anchors2) {
      if (identity.isAlias(node2)) {
        const source = node2.resolve(doc);
        const anchor2 = anchors2 && source && anchors2.get(source);
        return anchor2 ? anchor2.count * anchor2.aliasCount : 0;
      } else if (identity.isCollection(node2)) {
        let count = 0;
        for (const item of node2.items) {
          const c = getAliasCount(doc, item, anchors2);
          if (c > count)
            count = c;
        }
        return count;
      } else if (identity.isPair(node2)) {
        const kc = getAliasCount(doc, node2.key, anchors2);
        const vc = getAliasCount(doc, node2.value, anchors2);
        return Math.max(kc, vc);
      }
      return 1;
    }
    exports.Alias = Alias;
  }
});

// node_modules/yaml/dist/nodes/Scalar.js
var require_Scalar = __commonJS({
  "node_modules/yaml/dist/nodes/Scalar.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Node = require_Node();
    var toJS = require_toJS();
    var isScalarValue = (value) => !value || typeof value !== "function" && typeof value !== "object";
    var Scalar = class extends Node.NodeBase {
      constructor(value) {
        super(identity.SCALAR);
        this.value = value;
      }
      toJSON(arg, ctx) {
        return ctx?.keep ? this.value : toJS.toJS(this.value, arg, ctx);
      }
      toString() {
        return String(this.value);
      }
    };
    Scalar.BLOCK_FOLDED = "BLOCK_FOLDED";
    Scalar.BLOCK_LITERAL = "BLOCK_LITERAL";
    Scalar.PLAIN = "PLAIN";
    Scalar.QUOTE_DOUBLE = "QUOTE_DOUBLE";
    Scalar.QUOTE_SINGLE = "QUOTE_SINGLE";
    exports.Scalar = Scalar;
    exports.isScalarValue = isScalarValue;
  }
});

// node_modules/yaml/dist/doc/createNode.js
var require_createNode = __commonJS({
  "node_modules/yaml/dist/doc/createNode.js"(exports) {
    "use strict";
    var Alias = require_Alias();
    var identity = require_identity();
    var Scalar = require_Scalar();
    var defaultTagPrefix = "tag:yaml.org,2002:";
    function findTagObject(value, tagName, tags) {
      if (tagName) {
        const match = tags.filter((t) => t.tag === tagName);
        const tagObj = match.find((t) => !t.format) ?? match[0];
        if (!tagObj)
          throw new Error(`Tag ${tagName} not found`);
        return tagObj;
      }
      return tags.find((t) => t.identify?.(value) && !t.format);
    }
    function createNode(value, tagName, ctx) {
      if (identity.isDocument(value))
        value = value.contents;
      if (identity.isNode(value))
        return value;
      if (identity.isPair(value)) {
        const map = ctx.schema[identity.MAP].createNode?.(ctx.schema, null, ctx);
        map.items.push(value);
        return map;
      }
      if (value instanceof String || value instanceof Number || value instanceof Boolean || typeof BigInt !== "undefined" && value instanceof BigInt) {
        value = value.valueOf();
      }
      const { aliasDuplicateObjects, onAnchor, onTagObj, schema, sourceObjects } = ctx;
      let ref = void 0;
      if (aliasDuplicateObjects && value && typeof value === "object") {
        ref = sourceObjects.get(value);
        if (ref) {
          ref.anchor ?? (ref.anchor = onAnchor(value));
          return new Alias.Alias(ref.anchor);
        } else {
          ref = { anchor: null, node: null };
          sourceObjects.set(value, ref);
        }
      }
      if (tagName?.startsWith("!!"))
        tagName = defaultTagPrefix + tagName.slice(2);
      let tagObj = findTagObject(value, tagName, schema.tags);
      if (!tagObj) {
        if (value && typeof value.toJSON === "function") {
          value = value.toJSON();
        }
        if (!value || typeof value !== "object") {
          const node3 = new Scalar.Scalar(value);
          if (ref)
            ref.node = node3;
          return node3;
        }
        tagObj = value instanceof Map ? schema[identity.MAP] : Symbol.iterator in Object(value) ? schema[identity.SEQ] : schema[identity.MAP];
      }
      if (onTagObj) {
        onTagObj(tagObj);
        delete ctx.onTagObj;
      }
      const node2 = tagObj?.createNode ? tagObj.createNode(ctx.schema, value, ctx) : typeof tagObj?.nodeClass?.from === "function" ? tagObj.nodeClass.from(ctx.schema, value, ctx) : new Scalar.Scalar(value);
      if (tagName)
        node2.tag = tagName;
      else if (!tagObj.default)
        node2.tag = tagObj.tag;
      if (ref)
        ref.node = node2;
      return node2;
    }
    exports.createNode = createNode;
  }
});

// node_modules/yaml/dist/nodes/Collection.js
var require_Collection = __commonJS({
  "node_modules/yaml/dist/nodes/Collection.js"(exports) {
    "use strict";
    var createNode = require_createNode();
    var identity = require_identity();
    var Node = require_Node();
    function collectionFromPath(schema, path, value) {
      let v = value;
      for (let i = path.length - 1; i >= 0; --i) {
        const k = path[i];
        if (typeof k === "number" && Number.isInteger(k) && k >= 0) {
          const a = [];
          a[k] = v;
          v = a;
        } else {
          v = /* @__PURE__ */ new Map([[k, v]]);
        }
      }
      return createNode.createNode(v, void 0, {
        aliasDuplicateObjects: false,
        keepUndefined: false,
        onAnchor: () => {
          throw new Error("This should not happen, please report a bug.");
        },
        schema,
        sourceObjects: /* @__PURE__ */ new Map()
      });
    }
    var isEmptyPath = (path) => path == null || typeof path === "object" && !!path[Symbol.iterator]().next().done;
    var Collection = class extends Node.NodeBase {
      constructor(type, schema) {
        super(type);
        Object.defineProperty(this, "schema", {
          value: schema,
          configurable: true,
          enumerable: false,
          writable: true
        });
      }
      /**
       * Create a copy of this collection.
       *
       * @param schema - If defined, overwrites the original's schema
       */
      clone(schema) {
        const copy = Object.create(Object.getPrototypeOf(this), Object.getOwnPropertyDescriptors(this));
        if (schema)
          copy.schema = schema;
        copy.items = copy.items.map((it) => identity.isNode(it) || identity.isPair(it) ? it.clone(schema) : it);
        if (this.range)
          copy.range = this.range.slice();
        return copy;
      }
      /**
       * Adds a value to the collection. For `!!map` and `!!omap` the value must
       * be a Pair instance or a `{ key, value }` object, which may not have a key
       * that already exists in the map.
       */
      addIn(path, value) {
        if (isEmptyPath(path))
          this.add(value);
        else {
          const [key, ...rest] = path;
          const node2 = this.get(key, true);
          if (identity.isCollection(node2))
            node2.addIn(rest, value);
          else if (node2 === void 0 && this.schema)
            this.set(key, collectionFromPath(this.schema, rest, value));
          else
            throw new Error(`Expected YAML collection at ${key}. Remaining path: ${rest}`);
        }
      }
      /**
       * Removes a value from the collection.
       * @returns `true` if the item was found and removed.
       */
      deleteIn(path) {
        const [key, ...rest] = path;
        if (rest.length === 0)
          return this.delete(key);
        const node2 = this.get(key, true);
        if (identity.isCollection(node2))
          return node2.deleteIn(rest);
        else
          throw new Error(`Expected YAML collection at ${key}. Remaining path: ${rest}`);
      }
      /**
       * Returns item at `key`, or `undefined` if not found. By default unwraps
       * scalar values from their surrounding node; to disable set `keepScalar` to
       * `true` (collections are always returned intact).
       */
      getIn(path, keepScalar) {
        const [key, ...rest] = path;
        const node2 = this.get(key, true);
        if (rest.length === 0)
          return !keepScalar && identity.isScalar(node2) ? node2.value : node2;
        else
          return identity.isCollection(node2) ? node2.getIn(rest, keepScalar) : void 0;
      }
      hasAllNullValues(allowScalar) {
        return this.items.every((node2) => {
          if (!identity.isPair(node2))
            return false;
          const n = node2.value;
          return n == null || allowScalar && identity.isScalar(n) && n.value == null && !n.commentBefore && !n.comment && !n.tag;
        });
      }
      /**
       * Checks if the collection includes a value with the key `key`.
       */
      hasIn(path) {
        const [key, ...rest] = path;
        if (rest.length === 0)
          return this.has(key);
        const node2 = this.get(key, true);
        return identity.isCollection(node2) ? node2.hasIn(rest) : false;
      }
      /**
       * Sets a value in this collection. For `!!set`, `value` needs to be a
       * boolean to add/remove the item from the set.
       */
      setIn(path, value) {
        const [key, ...rest] = path;
        if (rest.length === 0) {
          this.set(key, value);
        } else {
          const node2 = this.get(key, true);
          if (identity.isCollection(node2))
            node2.setIn(rest, value);
          else if (node2 === void 0 && this.schema)
            this.set(key, collectionFromPath(this.schema, rest, value));
          else
            throw new Error(`Expected YAML collection at ${key}. Remaining path: ${rest}`);
        }
      }
    };
    exports.Collection = Collection;
    exports.collectionFromPath = collectionFromPath;
    exports.isEmptyPath = isEmptyPath;
  }
});

// node_modules/yaml/dist/stringify/stringifyComment.js
var require_stringifyComment = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyComment.js"(exports) {
    "use strict";
    var stringifyComment = (str) => str.replace(/^(?!$)(?: $)?/gm, "#");
    function indentComment(comment, indent) {
      if (/^\n+$/.test(comment))
        return comment.substring(1);
      return indent ? comment.replace(/^(?! *$)/gm, indent) : comment;
    }
    var lineComment = (str, indent, comment) => str.endsWith("\n") ? indentComment(comment, indent) : comment.includes("\n") ? "\n" + indentComment(comment, indent) : (str.endsWith(" ") ? "" : " ") + comment;
    exports.indentComment = indentComment;
    exports.lineComment = lineComment;
    exports.stringifyComment = stringifyComment;
  }
});

// node_modules/yaml/dist/stringify/foldFlowLines.js
var require_foldFlowLines = __commonJS({
  "node_modules/yaml/dist/stringify/foldFlowLines.js"(exports) {
    "use strict";
    var FOLD_FLOW = "flow";
    var FOLD_BLOCK = "block";
    var FOLD_QUOTED = "quoted";
    function foldFlowLines(text, indent, mode = "flow", { indentAtStart, lineWidth = 80, minContentWidth = 20, onFold, onOverflow } = {}) {
      if (!lineWidth || lineWidth < 0)
        return text;
      if (lineWidth < minContentWidth)
        minContentWidth = 0;
      const endStep = Math.max(1 + minContentWidth, 1 + lineWidth - indent.length);
      if (text.length <= endStep)
        return text;
      const folds = [];
      const escapedFolds = {};
      let end = lineWidth - indent.length;
      if (typeof indentAtStart === "number") {
        if (indentAtStart > lineWidth - Math.max(2, minContentWidth))
          folds.push(0);
        else
          end = lineWidth - indentAtStart;
      }
      let split = void 0;
      let prev = void 0;
      let overflow = false;
      let i = -1;
      let escStart = -1;
      let escEnd = -1;
      if (mode === FOLD_BLOCK) {
        i = consumeMoreIndentedLines(text, i, indent.length);
        if (i !== -1)
          end = i + endStep;
      }
      for (let ch; ch = text[i += 1]; ) {
        if (mode === FOLD_QUOTED && ch === "\\") {
          escStart = i;
          switch (text[i + 1]) {
            case "x":
              i += 3;
              break;
            case "u":
              i += 5;
              break;
            case "U":
              i += 9;
              break;
            default:
              i += 1;
          }
          escEnd = i;
        }
        if (ch === "\n") {
          if (mode === FOLD_BLOCK)
            i = consumeMoreIndentedLines(text, i, indent.length);
          end = i + indent.length + endStep;
          split = void 0;
        } else {
          if (ch === " " && prev && prev !== " " && prev !== "\n" && prev !== "	") {
            const next = text[i + 1];
            if (next && next !== " " && next !== "\n" && next !== "	")
              split = i;
          }
          if (i >= end) {
            if (split) {
              folds.push(split);
              end = split + endStep;
              split = void 0;
            } else if (mode === FOLD_QUOTED) {
              while (prev === " " || prev === "	") {
                prev = ch;
                ch = text[i += 1];
                overflow = true;
              }
              const j = i > escEnd + 1 ? i - 2 : escStart - 1;
              if (escapedFolds[j])
                return text;
              folds.push(j);
              escapedFolds[j] = true;
              end = j + endStep;
              split = void 0;
            } else {
              overflow = true;
            }
          }
        }
        prev = ch;
      }
      if (overflow && onOverflow)
        onOverflow();
      if (folds.length === 0)
        return text;
      if (onFold)
        onFold();
      let res = text.slice(0, folds[0]);
      for (let i2 = 0; i2 < folds.length; ++i2) {
        const fold = folds[i2];
        const end2 = folds[i2 + 1] || text.length;
        if (fold === 0)
          res = `
${indent}${text.slice(0, end2)}`;
        else {
          if (mode === FOLD_QUOTED && escapedFolds[fold])
            res += `${text[fold]}\\`;
          res += `
${indent}${text.slice(fold + 1, end2)}`;
        }
      }
      return res;
    }
    function consumeMoreIndentedLines(text, i, indent) {
      let end = i;
      let start = i + 1;
      let ch = text[start];
      while (ch === " " || ch === "	") {
        if (i < start + indent) {
          ch = text[++i];
        } else {
          do {
            ch = text[++i];
          } while (ch && ch !== "\n");
          end = i;
          start = i + 1;
          ch = text[start];
        }
      }
      return end;
    }
    exports.FOLD_BLOCK = FOLD_BLOCK;
    exports.FOLD_FLOW = FOLD_FLOW;
    exports.FOLD_QUOTED = FOLD_QUOTED;
    exports.foldFlowLines = foldFlowLines;
  }
});

// node_modules/yaml/dist/stringify/stringifyString.js
var require_stringifyString = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyString.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var foldFlowLines = require_foldFlowLines();
    var getFoldOptions = (ctx, isBlock) => ({
      indentAtStart: isBlock ? ctx.indent.length : ctx.indentAtStart,
      lineWidth: ctx.options.lineWidth,
      minContentWidth: ctx.options.minContentWidth
    });
    var containsDocumentMarker = (str) => /^(%|---|\.\.\.)/m.test(str);
    function lineLengthOverLimit(str, lineWidth, indentLength) {
      if (!lineWidth || lineWidth < 0)
        return false;
      const limit = lineWidth - indentLength;
      const strLen = str.length;
      if (strLen <= limit)
        return false;
      for (let i = 0, start = 0; i < strLen; ++i) {
        if (str[i] === "\n") {
          if (i - start > limit)
            return true;
          start = i + 1;
          if (strLen - start <= limit)
            return false;
        }
      }
      return true;
    }
    function doubleQuotedString(value, ctx) {
      const json = JSON.stringify(value);
      if (ctx.options.doubleQuotedAsJSON)
        return json;
      const { implicitKey } = ctx;
      const minMultiLineLength = ctx.options.doubleQuotedMinMultiLineLength;
      const indent = ctx.indent || (containsDocumentMarker(value) ? "  " : "");
      let str = "";
      let start = 0;
      for (let i = 0, ch = json[i]; ch; ch = json[++i]) {
        if (ch === " " && json[i + 1] === "\\" && json[i + 2] === "n") {
          str += json.slice(start, i) + "\\ ";
          i += 1;
          start = i;
          ch = "\\";
        }
        if (ch === "\\")
          switch (json[i + 1]) {
            case "u":
              {
                str += json.slice(start, i);
                const code3 = json.substr(i + 2, 4);
                switch (code3) {
                  case "0000":
                    str += "\\0";
                    break;
                  case "0007":
                    str += "\\a";
                    break;
                  case "000b":
                    str += "\\v";
                    break;
                  case "001b":
                    str += "\\e";
                    break;
                  case "0085":
                    str += "\\N";
                    break;
                  case "00a0":
                    str += "\\_";
                    break;
                  case "2028":
                    str += "\\L";
                    break;
                  case "2029":
                    str += "\\P";
                    break;
                  default:
                    if (code3.substr(0, 2) === "00")
                      str += "\\x" + code3.substr(2);
                    else
                      str += json.substr(i, 6);
                }
                i += 5;
                start = i + 1;
              }
              break;
            case "n":
              if (implicitKey || json[i + 2] === '"' || json.length < minMultiLineLength) {
                i += 1;
              } else {
                str += json.slice(start, i) + "\n\n";
                while (json[i + 2] === "\\" && json[i + 3] === "n" && json[i + 4] !== '"') {
                  str += "\n";
                  i += 2;
                }
                str += indent;
                if (json[i + 2] === " ")
                  str += "\\";
                i += 1;
                start = i + 1;
              }
              break;
            default:
              i += 1;
          }
      }
      str = start ? str + json.slice(start) : json;
      return implicitKey ? str : foldFlowLines.foldFlowLines(str, indent, foldFlowLines.FOLD_QUOTED, getFoldOptions(ctx, false));
    }
    function singleQuotedString(value, ctx) {
      if (ctx.options.singleQuote === false || ctx.implicitKey && value.includes("\n") || /[ \t]\n|\n[ \t]/.test(value))
        return doubleQuotedString(value, ctx);
      const indent = ctx.indent || (containsDocumentMarker(value) ? "  " : "");
      const res = "'" + value.replace(/'/g, "''").replace(/\n+/g, `$&
${indent}`) + "'";
      return ctx.implicitKey ? res : foldFlowLines.foldFlowLines(res, indent, foldFlowLines.FOLD_FLOW, getFoldOptions(ctx, false));
    }
    function quotedString(value, ctx) {
      const { singleQuote } = ctx.options;
      let qs;
      if (singleQuote === false)
        qs = doubleQuotedString;
      else {
        const hasDouble = value.includes('"');
        const hasSingle = value.includes("'");
        if (hasDouble && !hasSingle)
          qs = singleQuotedString;
        else if (hasSingle && !hasDouble)
          qs = doubleQuotedString;
        else
          qs = singleQuote ? singleQuotedString : doubleQuotedString;
      }
      return qs(value, ctx);
    }
    var blockEndNewlines;
    try {
      blockEndNewlines = new RegExp("(^|(?<!\n))\n+(?!\n|$)", "g");
    } catch {
      blockEndNewlines = /\n+(?!\n|$)/g;
    }
    function blockString({ comment, type, value }, ctx, onComment, onChompKeep) {
      const { blockQuote, commentString, lineWidth } = ctx.options;
      if (!blockQuote || /\n[\t ]+$/.test(value)) {
        return quotedString(value, ctx);
      }
      const indent = ctx.indent || (ctx.forceBlockIndent || containsDocumentMarker(value) ? "  " : "");
      const literal2 = blockQuote === "literal" ? true : blockQuote === "folded" || type === Scalar.Scalar.BLOCK_FOLDED ? false : type === Scalar.Scalar.BLOCK_LITERAL ? true : !lineLengthOverLimit(value, lineWidth, indent.length);
      if (!value)
        return literal2 ? "|\n" : ">\n";
      let chomp;
      let endStart;
      for (endStart = value.length; endStart > 0; --endStart) {
        const ch = value[endStart - 1];
        if (ch !== "\n" && ch !== "	" && ch !== " ")
          break;
      }
      let end = value.substring(endStart);
      const endNlPos = end.indexOf("\n");
      if (endNlPos === -1) {
        chomp = "-";
      } else if (value === end || endNlPos !== end.length - 1) {
        chomp = "+";
        if (onChompKeep)
          onChompKeep();
      } else {
        chomp = "";
      }
      if (end) {
        value = value.slice(0, -end.length);
        if (end[end.length - 1] === "\n")
          end = end.slice(0, -1);
        end = end.replace(blockEndNewlines, `$&${indent}`);
      }
      let startWithSpace = false;
      let startEnd;
      let startNlPos = -1;
      for (startEnd = 0; startEnd < value.length; ++startEnd) {
        const ch = value[startEnd];
        if (ch === " ")
          startWithSpace = true;
        else if (ch === "\n")
          startNlPos = startEnd;
        else
          break;
      }
      let start = value.substring(0, startNlPos < startEnd ? startNlPos + 1 : startEnd);
      if (start) {
        value = value.substring(start.length);
        start = start.replace(/\n+/g, `$&${indent}`);
      }
      const indentSize = indent ? "2" : "1";
      let header2 = (startWithSpace ? indentSize : "") + chomp;
      if (comment) {
        header2 += " " + commentString(comment.replace(/ ?[\r\n]+/g, " "));
        if (onComment)
          onComment();
      }
      if (!literal2) {
        const foldedValue = value.replace(/\n+/g, "\n$&").replace(/(?:^|\n)([\t ].*)(?:([\n\t ]*)\n(?![\n\t ]))?/g, "$1$2").replace(/\n+/g, `$&${indent}`);
        let literalFallback = false;
        const foldOptions = getFoldOptions(ctx, true);
        if (blockQuote !== "folded" && type !== Scalar.Scalar.BLOCK_FOLDED) {
          foldOptions.onOverflow = () => {
            literalFallback = true;
          };
        }
        const body = foldFlowLines.foldFlowLines(`${start}${foldedValue}${end}`, indent, foldFlowLines.FOLD_BLOCK, foldOptions);
        if (!literalFallback)
          return `>${header2}
${indent}${body}`;
      }
      value = value.replace(/\n+/g, `$&${indent}`);
      return `|${header2}
${indent}${start}${value}${end}`;
    }
    function plainString(item, ctx, onComment, onChompKeep) {
      const { type, value } = item;
      const { actualString, implicitKey, indent, indentStep, inFlow } = ctx;
      if (implicitKey && value.includes("\n") || inFlow && /[[\]{},]/.test(value)) {
        return quotedString(value, ctx);
      }
      if (/^[\n\t ,[\]{}#&*!|>'"%@`]|^[?-]$|^[?-][ \t]|[\n:][ \t]|[ \t]\n|[\n\t ]#|[\n\t :]$/.test(value)) {
        return implicitKey || inFlow || !value.includes("\n") ? quotedString(value, ctx) : blockString(item, ctx, onComment, onChompKeep);
      }
      if (!implicitKey && !inFlow && type !== Scalar.Scalar.PLAIN && value.includes("\n")) {
        return blockString(item, ctx, onComment, onChompKeep);
      }
      if (containsDocumentMarker(value)) {
        if (indent === "") {
          ctx.forceBlockIndent = true;
          return blockString(item, ctx, onComment, onChompKeep);
        } else if (implicitKey && indent === indentStep) {
          return quotedString(value, ctx);
        }
      }
      const str = value.replace(/\n+/g, `$&
${indent}`);
      if (actualString) {
        const test = (tag) => tag.default && tag.tag !== "tag:yaml.org,2002:str" && tag.test?.test(str);
        const { compat, tags } = ctx.doc.schema;
        if (tags.some(test) || compat?.some(test))
          return quotedString(value, ctx);
      }
      return implicitKey ? str : foldFlowLines.foldFlowLines(str, indent, foldFlowLines.FOLD_FLOW, getFoldOptions(ctx, false));
    }
    function stringifyString(item, ctx, onComment, onChompKeep) {
      const { implicitKey, inFlow } = ctx;
      const ss = typeof item.value === "string" ? item : Object.assign({}, item, { value: String(item.value) });
      let { type } = item;
      if (type !== Scalar.Scalar.QUOTE_DOUBLE) {
        if (/[\x00-\x08\x0b-\x1f\x7f-\x9f\u{D800}-\u{DFFF}]/u.test(ss.value))
          type = Scalar.Scalar.QUOTE_DOUBLE;
      }
      const _stringify = (_type) => {
        switch (_type) {
          case Scalar.Scalar.BLOCK_FOLDED:
          case Scalar.Scalar.BLOCK_LITERAL:
            return implicitKey || inFlow ? quotedString(ss.value, ctx) : blockString(ss, ctx, onComment, onChompKeep);
          case Scalar.Scalar.QUOTE_DOUBLE:
            return doubleQuotedString(ss.value, ctx);
          case Scalar.Scalar.QUOTE_SINGLE:
            return singleQuotedString(ss.value, ctx);
          case Scalar.Scalar.PLAIN:
            return plainString(ss, ctx, onComment, onChompKeep);
          default:
            return null;
        }
      };
      let res = _stringify(type);
      if (res === null) {
        const { defaultKeyType, defaultStringType } = ctx.options;
        const t = implicitKey && defaultKeyType || defaultStringType;
        res = _stringify(t);
        if (res === null)
          throw new Error(`Unsupported default string type ${t}`);
      }
      return res;
    }
    exports.stringifyString = stringifyString;
  }
});

// node_modules/yaml/dist/stringify/stringify.js
var require_stringify = __commonJS({
  "node_modules/yaml/dist/stringify/stringify.js"(exports) {
    "use strict";
    var anchors = require_anchors();
    var identity = require_identity();
    var stringifyComment = require_stringifyComment();
    var stringifyString = require_stringifyString();
    function createStringifyContext(doc, options) {
      const opt = Object.assign({
        blockQuote: true,
        commentString: stringifyComment.stringifyComment,
        defaultKeyType: null,
        defaultStringType: "PLAIN",
        directives: null,
        doubleQuotedAsJSON: false,
        doubleQuotedMinMultiLineLength: 40,
        falseStr: "false",
        flowCollectionPadding: true,
        indentSeq: true,
        lineWidth: 80,
        minContentWidth: 20,
        nullStr: "null",
        simpleKeys: false,
        singleQuote: null,
        trailingComma: false,
        trueStr: "true",
        verifyAliasOrder: true
      }, doc.schema.toStringOptions, options);
      let inFlow;
      switch (opt.collectionStyle) {
        case "block":
          inFlow = false;
          break;
        case "flow":
          inFlow = true;
          break;
        default:
          inFlow = null;
      }
      return {
        anchors: /* @__PURE__ */ new Set(),
        doc,
        flowCollectionPadding: opt.flowCollectionPadding ? " " : "",
        indent: "",
        indentStep: typeof opt.indent === "number" ? " ".repeat(opt.indent) : "  ",
        inFlow,
        options: opt
      };
    }
    function getTagObject(tags, item) {
      if (item.tag) {
        const match = tags.filter((t) => t.tag === item.tag);
        if (match.length > 0)
          return match.find((t) => t.format === item.format) ?? match[0];
      }
      let tagObj = void 0;
      let obj;
      if (identity.isScalar(item)) {
        obj = item.value;
        let match = tags.filter((t) => t.identify?.(obj));
        if (match.length > 1) {
          const testMatch = match.filter((t) => t.test);
          if (testMatch.length > 0)
            match = testMatch;
        }
        tagObj = match.find((t) => t.format === item.format) ?? match.find((t) => !t.format);
      } else {
        obj = item;
        tagObj = tags.find((t) => t.nodeClass && obj instanceof t.nodeClass);
      }
      if (!tagObj) {
        const name = obj?.constructor?.name ?? (obj === null ? "null" : typeof obj);
        throw new Error(`Tag not resolved for ${name} value`);
      }
      return tagObj;
    }
    function stringifyProps(node2, tagObj, { anchors: anchors$1, doc }) {
      if (!doc.directives)
        return "";
      const props = [];
      const anchor2 = (identity.isScalar(node2) || identity.isCollection(node2)) && node2.anchor;
      if (anchor2 && anchors.anchorIsValid(anchor2)) {
        anchors$1.add(anchor2);
        props.push(`&${anchor2}`);
      }
      const tag = node2.tag ?? (tagObj.default ? null : tagObj.tag);
      if (tag)
        props.push(doc.directives.tagString(tag));
      return props.join(" ");
    }
    function stringify(item, ctx, onComment, onChompKeep) {
      if (identity.isPair(item))
        return item.toString(ctx, onComment, onChompKeep);
      if (identity.isAlias(item)) {
        if (ctx.doc.directives)
          return item.toString(ctx);
        if (ctx.resolvedAliases?.has(item)) {
          throw new TypeError(`Cannot stringify circular structure without alias nodes`);
        } else {
          if (ctx.resolvedAliases)
            ctx.resolvedAliases.add(item);
          else
            ctx.resolvedAliases = /* @__PURE__ */ new Set([item]);
          item = item.resolve(ctx.doc);
        }
      }
      let tagObj = void 0;
      const node2 = identity.isNode(item) ? item : ctx.doc.createNode(item, { onTagObj: (o) => tagObj = o });
      tagObj ?? (tagObj = getTagObject(ctx.doc.schema.tags, node2));
      const props = stringifyProps(node2, tagObj, ctx);
      if (props.length > 0)
        ctx.indentAtStart = (ctx.indentAtStart ?? 0) + props.length + 1;
      const str = typeof tagObj.stringify === "function" ? tagObj.stringify(node2, ctx, onComment, onChompKeep) : identity.isScalar(node2) ? stringifyString.stringifyString(node2, ctx, onComment, onChompKeep) : node2.toString(ctx, onComment, onChompKeep);
      if (!props)
        return str;
      return identity.isScalar(node2) || str[0] === "{" || str[0] === "[" ? `${props} ${str}` : `${props}
${ctx.indent}${str}`;
    }
    exports.createStringifyContext = createStringifyContext;
    exports.stringify = stringify;
  }
});

// node_modules/yaml/dist/stringify/stringifyPair.js
var require_stringifyPair = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyPair.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Scalar = require_Scalar();
    var stringify = require_stringify();
    var stringifyComment = require_stringifyComment();
    function stringifyPair({ key, value }, ctx, onComment, onChompKeep) {
      const { allNullValues, doc, indent, indentStep, options: { commentString, indentSeq, simpleKeys } } = ctx;
      let keyComment = identity.isNode(key) && key.comment || null;
      if (simpleKeys) {
        if (keyComment) {
          throw new Error("With simple keys, key nodes cannot have comments");
        }
        if (identity.isCollection(key) || !identity.isNode(key) && typeof key === "object") {
          const msg = "With simple keys, collection cannot be used as a key value";
          throw new Error(msg);
        }
      }
      let explicitKey = !simpleKeys && (!key || keyComment && value == null && !ctx.inFlow || identity.isCollection(key) || (identity.isScalar(key) ? key.type === Scalar.Scalar.BLOCK_FOLDED || key.type === Scalar.Scalar.BLOCK_LITERAL : typeof key === "object"));
      ctx = Object.assign({}, ctx, {
        allNullValues: false,
        implicitKey: !explicitKey && (simpleKeys || !allNullValues),
        indent: indent + indentStep
      });
      let keyCommentDone = false;
      let chompKeep = false;
      let str = stringify.stringify(key, ctx, () => keyCommentDone = true, () => chompKeep = true);
      if (!explicitKey && !ctx.inFlow && str.length > 1024) {
        if (simpleKeys)
          throw new Error("With simple keys, single line scalar must not span more than 1024 characters");
        explicitKey = true;
      }
      if (ctx.inFlow) {
        if (allNullValues || value == null) {
          if (keyCommentDone && onComment)
            onComment();
          return str === "" ? "?" : explicitKey ? `? ${str}` : str;
        }
      } else if (allNullValues && !simpleKeys || value == null && explicitKey) {
        str = `? ${str}`;
        if (keyComment && !keyCommentDone) {
          str += stringifyComment.lineComment(str, ctx.indent, commentString(keyComment));
        } else if (chompKeep && onChompKeep)
          onChompKeep();
        return str;
      }
      if (keyCommentDone)
        keyComment = null;
      if (explicitKey) {
        if (keyComment)
          str += stringifyComment.lineComment(str, ctx.indent, commentString(keyComment));
        str = `? ${str}
${indent}:`;
      } else {
        str = `${str}:`;
        if (keyComment)
          str += stringifyComment.lineComment(str, ctx.indent, commentString(keyComment));
      }
      let vsb, vcb, valueComment;
      if (identity.isNode(value)) {
        vsb = !!value.spaceBefore;
        vcb = value.commentBefore;
        valueComment = value.comment;
      } else {
        vsb = false;
        vcb = null;
        valueComment = null;
        if (value && typeof value === "object")
          value = doc.createNode(value);
      }
      ctx.implicitKey = false;
      if (!explicitKey && !keyComment && identity.isScalar(value))
        ctx.indentAtStart = str.length + 1;
      chompKeep = false;
      if (!indentSeq && indentStep.length >= 2 && !ctx.inFlow && !explicitKey && identity.isSeq(value) && !value.flow && !value.tag && !value.anchor) {
        ctx.indent = ctx.indent.substring(2);
      }
      let valueCommentDone = false;
      const valueStr = stringify.stringify(value, ctx, () => valueCommentDone = true, () => chompKeep = true);
      let ws = " ";
      if (keyComment || vsb || vcb) {
        ws = vsb ? "\n" : "";
        if (vcb) {
          const cs = commentString(vcb);
          ws += `
${stringifyComment.indentComment(cs, ctx.indent)}`;
        }
        if (valueStr === "" && !ctx.inFlow) {
          if (ws === "\n" && valueComment)
            ws = "\n\n";
        } else {
          ws += `
${ctx.indent}`;
        }
      } else if (!explicitKey && identity.isCollection(value)) {
        const vs0 = valueStr[0];
        const nl0 = valueStr.indexOf("\n");
        const hasNewline = nl0 !== -1;
        const flow = ctx.inFlow ?? value.flow ?? value.items.length === 0;
        if (hasNewline || !flow) {
          let hasPropsLine = false;
          if (hasNewline && (vs0 === "&" || vs0 === "!")) {
            let sp0 = valueStr.indexOf(" ");
            if (vs0 === "&" && sp0 !== -1 && sp0 < nl0 && valueStr[sp0 + 1] === "!") {
              sp0 = valueStr.indexOf(" ", sp0 + 1);
            }
            if (sp0 === -1 || nl0 < sp0)
              hasPropsLine = true;
          }
          if (!hasPropsLine)
            ws = `
${ctx.indent}`;
        }
      } else if (valueStr === "" || valueStr[0] === "\n") {
        ws = "";
      }
      str += ws + valueStr;
      if (ctx.inFlow) {
        if (valueCommentDone && onComment)
          onComment();
      } else if (valueComment && !valueCommentDone) {
        str += stringifyComment.lineComment(str, ctx.indent, commentString(valueComment));
      } else if (chompKeep && onChompKeep) {
        onChompKeep();
      }
      return str;
    }
    exports.stringifyPair = stringifyPair;
  }
});

// node_modules/yaml/dist/log.js
var require_log = __commonJS({
  "node_modules/yaml/dist/log.js"(exports) {
    "use strict";
    var node_process = __require("process");
    function debug(logLevel, ...messages) {
      if (logLevel === "debug")
        console.log(...messages);
    }
    function warn(logLevel, warning) {
      if (logLevel === "debug" || logLevel === "warn") {
        if (typeof node_process.emitWarning === "function")
          node_process.emitWarning(warning);
        else
          console.warn(warning);
      }
    }
    exports.debug = debug;
    exports.warn = warn;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/merge.js
var require_merge = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/merge.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Scalar = require_Scalar();
    var MERGE_KEY = "<<";
    var merge2 = {
      identify: (value) => value === MERGE_KEY || typeof value === "symbol" && value.description === MERGE_KEY,
      default: "key",
      tag: "tag:yaml.org,2002:merge",
      test: /^<<$/,
      resolve: () => Object.assign(new Scalar.Scalar(Symbol(MERGE_KEY)), {
        addToJSMap: addMergeToJSMap
      }),
      stringify: () => MERGE_KEY
    };
    var isMergeKey = (ctx, key) => (merge2.identify(key) || identity.isScalar(key) && (!key.type || key.type === Scalar.Scalar.PLAIN) && merge2.identify(key.value)) && ctx?.doc.schema.tags.some((tag) => tag.tag === merge2.tag && tag.default);
    function addMergeToJSMap(ctx, map, value) {
      const source = resolveAliasValue(ctx, value);
      if (identity.isSeq(source))
        for (const it of source.items)
          mergeValue(ctx, map, it);
      else if (Array.isArray(source))
        for (const it of source)
          mergeValue(ctx, map, it);
      else
        mergeValue(ctx, map, source);
    }
    function mergeValue(ctx, map, value) {
      const source = resolveAliasValue(ctx, value);
      if (!identity.isMap(source))
        throw new Error("Merge sources must be maps or map aliases");
      const srcMap = source.toJSON(null, ctx, Map);
      for (const [key, value2] of srcMap) {
        if (map instanceof Map) {
          if (!map.has(key))
            map.set(key, value2);
        } else if (map instanceof Set) {
          map.add(key);
        } else if (!Object.prototype.hasOwnProperty.call(map, key)) {
          Object.defineProperty(map, key, {
            value: value2,
            writable: true,
            enumerable: true,
            configurable: true
          });
        }
      }
      return map;
    }
    function resolveAliasValue(ctx, value) {
      return ctx && identity.isAlias(value) ? value.resolve(ctx.doc, ctx) : value;
    }
    exports.addMergeToJSMap = addMergeToJSMap;
    exports.isMergeKey = isMergeKey;
    exports.merge = merge2;
  }
});

// node_modules/yaml/dist/nodes/addPairToJSMap.js
var require_addPairToJSMap = __commonJS({
  "node_modules/yaml/dist/nodes/addPairToJSMap.js"(exports) {
    "use strict";
    var log = require_log();
    var merge2 = require_merge();
    var stringify = require_stringify();
    var identity = require_identity();
    var toJS = require_toJS();
    function addPairToJSMap(ctx, map, { key, value }) {
      if (identity.isNode(key) && key.addToJSMap)
        key.addToJSMap(ctx, map, value);
      else if (merge2.isMergeKey(ctx, key))
        merge2.addMergeToJSMap(ctx, map, value);
      else {
        const jsKey = toJS.toJS(key, "", ctx);
        if (map instanceof Map) {
          map.set(jsKey, toJS.toJS(value, jsKey, ctx));
        } else if (map instanceof Set) {
          map.add(jsKey);
        } else {
          const stringKey = stringifyKey(key, jsKey, ctx);
          const jsValue = toJS.toJS(value, stringKey, ctx);
          if (stringKey in map)
            Object.defineProperty(map, stringKey, {
              value: jsValue,
              writable: true,
              enumerable: true,
              configurable: true
            });
          else
            map[stringKey] = jsValue;
        }
      }
      return map;
    }
    function stringifyKey(key, jsKey, ctx) {
      if (jsKey === null)
        return "";
      if (typeof jsKey !== "object")
        return String(jsKey);
      if (identity.isNode(key) && ctx?.doc) {
        const strCtx = stringify.createStringifyContext(ctx.doc, {});
        strCtx.anchors = /* @__PURE__ */ new Set();
        for (const node2 of ctx.anchors.keys())
          strCtx.anchors.add(node2.anchor);
        strCtx.inFlow = true;
        strCtx.inStringifyKey = true;
        const strKey = key.toString(strCtx);
        if (!ctx.mapKeyWarned) {
          let jsonStr = JSON.stringify(strKey);
          if (jsonStr.length > 40)
            jsonStr = jsonStr.substring(0, 36) + '..."';
          log.warn(ctx.doc.options.logLevel, `Keys with collection values will be stringified due to JS Object restrictions: ${jsonStr}. Set mapAsMap: true to use object keys.`);
          ctx.mapKeyWarned = true;
        }
        return strKey;
      }
      return JSON.stringify(jsKey);
    }
    exports.addPairToJSMap = addPairToJSMap;
  }
});

// node_modules/yaml/dist/nodes/Pair.js
var require_Pair = __commonJS({
  "node_modules/yaml/dist/nodes/Pair.js"(exports) {
    "use strict";
    var createNode = require_createNode();
    var stringifyPair = require_stringifyPair();
    var addPairToJSMap = require_addPairToJSMap();
    var identity = require_identity();
    function createPair(key, value, ctx) {
      const k = createNode.createNode(key, void 0, ctx);
      const v = createNode.createNode(value, void 0, ctx);
      return new Pair(k, v);
    }
    var Pair = class _Pair {
      constructor(key, value = null) {
        Object.defineProperty(this, identity.NODE_TYPE, { value: identity.PAIR });
        this.key = key;
        this.value = value;
      }
      clone(schema) {
        let { key, value } = this;
        if (identity.isNode(key))
          key = key.clone(schema);
        if (identity.isNode(value))
          value = value.clone(schema);
        return new _Pair(key, value);
      }
      toJSON(_, ctx) {
        const pair = ctx?.mapAsMap ? /* @__PURE__ */ new Map() : {};
        return addPairToJSMap.addPairToJSMap(ctx, pair, this);
      }
      toString(ctx, onComment, onChompKeep) {
        return ctx?.doc ? stringifyPair.stringifyPair(this, ctx, onComment, onChompKeep) : JSON.stringify(this);
      }
    };
    exports.Pair = Pair;
    exports.createPair = createPair;
  }
});

// node_modules/yaml/dist/stringify/stringifyCollection.js
var require_stringifyCollection = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyCollection.js"(exports) {
    "use strict";
    var identity = require_identity();
    var stringify = require_stringify();
    var stringifyComment = require_stringifyComment();
    function stringifyCollection(collection, ctx, options) {
      const flow = ctx.inFlow ?? collection.flow;
      const stringify2 = flow ? stringifyFlowCollection : stringifyBlockCollection;
      return stringify2(collection, ctx, options);
    }
    function stringifyBlockCollection({ comment, items }, ctx, { blockItemPrefix, flowChars, itemIndent, onChompKeep, onComment }) {
      const { indent, options: { commentString } } = ctx;
      const itemCtx = Object.assign({}, ctx, { indent: itemIndent, type: null });
      let chompKeep = false;
      const lines = [];
      for (let i = 0; i < items.length; ++i) {
        const item = items[i];
        let comment2 = null;
        if (identity.isNode(item)) {
          if (!chompKeep && item.spaceBefore)
            lines.push("");
          addCommentBefore(ctx, lines, item.commentBefore, chompKeep);
          if (item.comment)
            comment2 = item.comment;
        } else if (identity.isPair(item)) {
          const ik = identity.isNode(item.key) ? item.key : null;
          if (ik) {
            if (!chompKeep && ik.spaceBefore)
              lines.push("");
            addCommentBefore(ctx, lines, ik.commentBefore, chompKeep);
          }
        }
        chompKeep = false;
        let str2 = stringify.stringify(item, itemCtx, () => comment2 = null, () => chompKeep = true);
        if (comment2)
          str2 += stringifyComment.lineComment(str2, itemIndent, commentString(comment2));
        if (chompKeep && comment2)
          chompKeep = false;
        lines.push(blockItemPrefix + str2);
      }
      let str;
      if (lines.length === 0) {
        str = flowChars.start + flowChars.end;
      } else {
        str = lines[0];
        for (let i = 1; i < lines.length; ++i) {
          const line = lines[i];
          str += line ? `
${indent}${line}` : "\n";
        }
      }
      if (comment) {
        str += "\n" + stringifyComment.indentComment(commentString(comment), indent);
        if (onComment)
          onComment();
      } else if (chompKeep && onChompKeep)
        onChompKeep();
      return str;
    }
    function stringifyFlowCollection({ items }, ctx, { flowChars, itemIndent }) {
      const { indent, indentStep, flowCollectionPadding: fcPadding, options: { commentString } } = ctx;
      itemIndent += indentStep;
      const itemCtx = Object.assign({}, ctx, {
        indent: itemIndent,
        inFlow: true,
        type: null
      });
      let reqNewline = false;
      let linesAtValue = 0;
      const lines = [];
      for (let i = 0; i < items.length; ++i) {
        const item = items[i];
        let comment = null;
        if (identity.isNode(item)) {
          if (item.spaceBefore)
            lines.push("");
          addCommentBefore(ctx, lines, item.commentBefore, false);
          if (item.comment)
            comment = item.comment;
        } else if (identity.isPair(item)) {
          const ik = identity.isNode(item.key) ? item.key : null;
          if (ik) {
            if (ik.spaceBefore)
              lines.push("");
            addCommentBefore(ctx, lines, ik.commentBefore, false);
            if (ik.comment)
              reqNewline = true;
          }
          const iv = identity.isNode(item.value) ? item.value : null;
          if (iv) {
            if (iv.comment)
              comment = iv.comment;
            if (iv.commentBefore)
              reqNewline = true;
          } else if (item.value == null && ik?.comment) {
            comment = ik.comment;
          }
        }
        if (comment)
          reqNewline = true;
        let str = stringify.stringify(item, itemCtx, () => comment = null);
        reqNewline || (reqNewline = lines.length > linesAtValue || str.includes("\n"));
        if (i < items.length - 1) {
          str += ",";
        } else if (ctx.options.trailingComma) {
          if (ctx.options.lineWidth > 0) {
            reqNewline || (reqNewline = lines.reduce((sum, line) => sum + line.length + 2, 2) + (str.length + 2) > ctx.options.lineWidth);
          }
          if (reqNewline) {
            str += ",";
          }
        }
        if (comment)
          str += stringifyComment.lineComment(str, itemIndent, commentString(comment));
        lines.push(str);
        linesAtValue = lines.length;
      }
      const { start, end } = flowChars;
      if (lines.length === 0) {
        return start + end;
      } else {
        if (!reqNewline) {
          const len = lines.reduce((sum, line) => sum + line.length + 2, 2);
          reqNewline = ctx.options.lineWidth > 0 && len > ctx.options.lineWidth;
        }
        if (reqNewline) {
          let str = start;
          for (const line of lines)
            str += line ? `
${indentStep}${indent}${line}` : "\n";
          return `${str}
${indent}${end}`;
        } else {
          return `${start}${fcPadding}${lines.join(" ")}${fcPadding}${end}`;
        }
      }
    }
    function addCommentBefore({ indent, options: { commentString } }, lines, comment, chompKeep) {
      if (comment && chompKeep)
        comment = comment.replace(/^\n+/, "");
      if (comment) {
        const ic = stringifyComment.indentComment(commentString(comment), indent);
        lines.push(ic.trimStart());
      }
    }
    exports.stringifyCollection = stringifyCollection;
  }
});

// node_modules/yaml/dist/nodes/YAMLMap.js
var require_YAMLMap = __commonJS({
  "node_modules/yaml/dist/nodes/YAMLMap.js"(exports) {
    "use strict";
    var stringifyCollection = require_stringifyCollection();
    var addPairToJSMap = require_addPairToJSMap();
    var Collection = require_Collection();
    var identity = require_identity();
    var Pair = require_Pair();
    var Scalar = require_Scalar();
    function findPair(items, key) {
      const k = identity.isScalar(key) ? key.value : key;
      for (const it of items) {
        if (identity.isPair(it)) {
          if (it.key === key || it.key === k)
            return it;
          if (identity.isScalar(it.key) && it.key.value === k)
            return it;
        }
      }
      return void 0;
    }
    var YAMLMap = class extends Collection.Collection {
      static get tagName() {
        return "tag:yaml.org,2002:map";
      }
      constructor(schema) {
        super(identity.MAP, schema);
        this.items = [];
      }
      /**
       * A generic collection parsing method that can be extended
       * to other node classes that inherit from YAMLMap
       */
      static from(schema, obj, ctx) {
        const { keepUndefined, replacer } = ctx;
        const map = new this(schema);
        const add = (key, value) => {
          if (typeof replacer === "function")
            value = replacer.call(obj, key, value);
          else if (Array.isArray(replacer) && !replacer.includes(key))
            return;
          if (value !== void 0 || keepUndefined)
            map.items.push(Pair.createPair(key, value, ctx));
        };
        if (obj instanceof Map) {
          for (const [key, value] of obj)
            add(key, value);
        } else if (obj && typeof obj === "object") {
          for (const key of Object.keys(obj))
            add(key, obj[key]);
        }
        if (typeof schema.sortMapEntries === "function") {
          map.items.sort(schema.sortMapEntries);
        }
        return map;
      }
      /**
       * Adds a value to the collection.
       *
       * @param overwrite - If not set `true`, using a key that is already in the
       *   collection will throw. Otherwise, overwrites the previous value.
       */
      add(pair, overwrite) {
        let _pair;
        if (identity.isPair(pair))
          _pair = pair;
        else if (!pair || typeof pair !== "object" || !("key" in pair)) {
          _pair = new Pair.Pair(pair, pair?.value);
        } else
          _pair = new Pair.Pair(pair.key, pair.value);
        const prev = findPair(this.items, _pair.key);
        const sortEntries = this.schema?.sortMapEntries;
        if (prev) {
          if (!overwrite)
            throw new Error(`Key ${_pair.key} already set`);
          if (identity.isScalar(prev.value) && Scalar.isScalarValue(_pair.value))
            prev.value.value = _pair.value;
          else
            prev.value = _pair.value;
        } else if (sortEntries) {
          const i = this.items.findIndex((item) => sortEntries(_pair, item) < 0);
          if (i === -1)
            this.items.push(_pair);
          else
            this.items.splice(i, 0, _pair);
        } else {
          this.items.push(_pair);
        }
      }
      delete(key) {
        const it = findPair(this.items, key);
        if (!it)
          return false;
        const del = this.items.splice(this.items.indexOf(it), 1);
        return del.length > 0;
      }
      get(key, keepScalar) {
        const it = findPair(this.items, key);
        const node2 = it?.value;
        return (!keepScalar && identity.isScalar(node2) ? node2.value : node2) ?? void 0;
      }
      has(key) {
        return !!findPair(this.items, key);
      }
      set(key, value) {
        this.add(new Pair.Pair(key, value), true);
      }
      /**
       * @param ctx - Conversion context, originally set in Document#toJS()
       * @param {Class} Type - If set, forces the returned collection type
       * @returns Instance of Type, Map, or Object
       */
      toJSON(_, ctx, Type) {
        const map = Type ? new Type() : ctx?.mapAsMap ? /* @__PURE__ */ new Map() : {};
        if (ctx?.onCreate)
          ctx.onCreate(map);
        for (const item of this.items)
          addPairToJSMap.addPairToJSMap(ctx, map, item);
        return map;
      }
      toString(ctx, onComment, onChompKeep) {
        if (!ctx)
          return JSON.stringify(this);
        for (const item of this.items) {
          if (!identity.isPair(item))
            throw new Error(`Map items must all be pairs; found ${JSON.stringify(item)} instead`);
        }
        if (!ctx.allNullValues && this.hasAllNullValues(false))
          ctx = Object.assign({}, ctx, { allNullValues: true });
        return stringifyCollection.stringifyCollection(this, ctx, {
          blockItemPrefix: "",
          flowChars: { start: "{", end: "}" },
          itemIndent: ctx.indent || "",
          onChompKeep,
          onComment
        });
      }
    };
    exports.YAMLMap = YAMLMap;
    exports.findPair = findPair;
  }
});

// node_modules/yaml/dist/schema/common/map.js
var require_map = __commonJS({
  "node_modules/yaml/dist/schema/common/map.js"(exports) {
    "use strict";
    var identity = require_identity();
    var YAMLMap = require_YAMLMap();
    var map = {
      collection: "map",
      default: true,
      nodeClass: YAMLMap.YAMLMap,
      tag: "tag:yaml.org,2002:map",
      resolve(map2, onError) {
        if (!identity.isMap(map2))
          onError("Expected a mapping for this tag");
        return map2;
      },
      createNode: (schema, obj, ctx) => YAMLMap.YAMLMap.from(schema, obj, ctx)
    };
    exports.map = map;
  }
});

// node_modules/yaml/dist/nodes/YAMLSeq.js
var require_YAMLSeq = __commonJS({
  "node_modules/yaml/dist/nodes/YAMLSeq.js"(exports) {
    "use strict";
    var createNode = require_createNode();
    var stringifyCollection = require_stringifyCollection();
    var Collection = require_Collection();
    var identity = require_identity();
    var Scalar = require_Scalar();
    var toJS = require_toJS();
    var YAMLSeq = class extends Collection.Collection {
      static get tagName() {
        return "tag:yaml.org,2002:seq";
      }
      constructor(schema) {
        super(identity.SEQ, schema);
        this.items = [];
      }
      add(value) {
        this.items.push(value);
      }
      /**
       * Removes a value from the collection.
       *
       * `key` must contain a representation of an integer for this to succeed.
       * It may be wrapped in a `Scalar`.
       *
       * @returns `true` if the item was found and removed.
       */
      delete(key) {
        const idx = asItemIndex(key);
        if (typeof idx !== "number")
          return false;
        const del = this.items.splice(idx, 1);
        return del.length > 0;
      }
      get(key, keepScalar) {
        const idx = asItemIndex(key);
        if (typeof idx !== "number")
          return void 0;
        const it = this.items[idx];
        return !keepScalar && identity.isScalar(it) ? it.value : it;
      }
      /**
       * Checks if the collection includes a value with the key `key`.
       *
       * `key` must contain a representation of an integer for this to succeed.
       * It may be wrapped in a `Scalar`.
       */
      has(key) {
        const idx = asItemIndex(key);
        return typeof idx === "number" && idx < this.items.length;
      }
      /**
       * Sets a value in this collection. For `!!set`, `value` needs to be a
       * boolean to add/remove the item from the set.
       *
       * If `key` does not contain a representation of an integer, this will throw.
       * It may be wrapped in a `Scalar`.
       */
      set(key, value) {
        const idx = asItemIndex(key);
        if (typeof idx !== "number")
          throw new Error(`Expected a valid index, not ${key}.`);
        const prev = this.items[idx];
        if (identity.isScalar(prev) && Scalar.isScalarValue(value))
          prev.value = value;
        else
          this.items[idx] = value;
      }
      toJSON(_, ctx) {
        const seq = [];
        if (ctx?.onCreate)
          ctx.onCreate(seq);
        let i = 0;
        for (const item of this.items)
          seq.push(toJS.toJS(item, String(i++), ctx));
        return seq;
      }
      toString(ctx, onComment, onChompKeep) {
        if (!ctx)
          return JSON.stringify(this);
        return stringifyCollection.stringifyCollection(this, ctx, {
          blockItemPrefix: "- ",
          flowChars: { start: "[", end: "]" },
          itemIndent: (ctx.indent || "") + "  ",
          onChompKeep,
          onComment
        });
      }
      static from(schema, obj, ctx) {
        const { replacer } = ctx;
        const seq = new this(schema);
        if (obj && Symbol.iterator in Object(obj)) {
          let i = 0;
          for (let it of obj) {
            if (typeof replacer === "function") {
              const key = obj instanceof Set ? it : String(i++);
              it = replacer.call(obj, key, it);
            }
            seq.items.push(createNode.createNode(it, void 0, ctx));
          }
        }
        return seq;
      }
    };
    function asItemIndex(key) {
      let idx = identity.isScalar(key) ? key.value : key;
      if (idx && typeof idx === "string")
        idx = Number(idx);
      return typeof idx === "number" && Number.isInteger(idx) && idx >= 0 ? idx : null;
    }
    exports.YAMLSeq = YAMLSeq;
  }
});

// node_modules/yaml/dist/schema/common/seq.js
var require_seq = __commonJS({
  "node_modules/yaml/dist/schema/common/seq.js"(exports) {
    "use strict";
    var identity = require_identity();
    var YAMLSeq = require_YAMLSeq();
    var seq = {
      collection: "seq",
      default: true,
      nodeClass: YAMLSeq.YAMLSeq,
      tag: "tag:yaml.org,2002:seq",
      resolve(seq2, onError) {
        if (!identity.isSeq(seq2))
          onError("Expected a sequence for this tag");
        return seq2;
      },
      createNode: (schema, obj, ctx) => YAMLSeq.YAMLSeq.from(schema, obj, ctx)
    };
    exports.seq = seq;
  }
});

// node_modules/yaml/dist/schema/common/string.js
var require_string = __commonJS({
  "node_modules/yaml/dist/schema/common/string.js"(exports) {
    "use strict";
    var stringifyString = require_stringifyString();
    var string3 = {
      identify: (value) => typeof value === "string",
      default: true,
      tag: "tag:yaml.org,2002:str",
      resolve: (str) => str,
      stringify(item, ctx, onComment, onChompKeep) {
        ctx = Object.assign({ actualString: true }, ctx);
        return stringifyString.stringifyString(item, ctx, onComment, onChompKeep);
      }
    };
    exports.string = string3;
  }
});

// node_modules/yaml/dist/schema/common/null.js
var require_null = __commonJS({
  "node_modules/yaml/dist/schema/common/null.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var nullTag = {
      identify: (value) => value == null,
      createNode: () => new Scalar.Scalar(null),
      default: true,
      tag: "tag:yaml.org,2002:null",
      test: /^(?:~|[Nn]ull|NULL)?$/,
      resolve: () => new Scalar.Scalar(null),
      stringify: ({ source }, ctx) => typeof source === "string" && nullTag.test.test(source) ? source : ctx.options.nullStr
    };
    exports.nullTag = nullTag;
  }
});

// node_modules/yaml/dist/schema/core/bool.js
var require_bool = __commonJS({
  "node_modules/yaml/dist/schema/core/bool.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var boolTag = {
      identify: (value) => typeof value === "boolean",
      default: true,
      tag: "tag:yaml.org,2002:bool",
      test: /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/,
      resolve: (str) => new Scalar.Scalar(str[0] === "t" || str[0] === "T"),
      stringify({ source, value }, ctx) {
        if (source && boolTag.test.test(source)) {
          const sv = source[0] === "t" || source[0] === "T";
          if (value === sv)
            return source;
        }
        return value ? ctx.options.trueStr : ctx.options.falseStr;
      }
    };
    exports.boolTag = boolTag;
  }
});

// node_modules/yaml/dist/stringify/stringifyNumber.js
var require_stringifyNumber = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyNumber.js"(exports) {
    "use strict";
    function stringifyNumber({ format, minFractionDigits, tag, value }) {
      if (typeof value === "bigint")
        return String(value);
      const num = typeof value === "number" ? value : Number(value);
      if (!isFinite(num))
        return isNaN(num) ? ".nan" : num < 0 ? "-.inf" : ".inf";
      let n = Object.is(value, -0) ? "-0" : JSON.stringify(value);
      if (!format && minFractionDigits && (!tag || tag === "tag:yaml.org,2002:float") && /^-?\d/.test(n) && !n.includes("e")) {
        let i = n.indexOf(".");
        if (i < 0) {
          i = n.length;
          n += ".";
        }
        let d = minFractionDigits - (n.length - i - 1);
        while (d-- > 0)
          n += "0";
      }
      return n;
    }
    exports.stringifyNumber = stringifyNumber;
  }
});

// node_modules/yaml/dist/schema/core/float.js
var require_float = __commonJS({
  "node_modules/yaml/dist/schema/core/float.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var stringifyNumber = require_stringifyNumber();
    var floatNaN = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      test: /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/,
      resolve: (str) => str.slice(-3).toLowerCase() === "nan" ? NaN : str[0] === "-" ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY,
      stringify: stringifyNumber.stringifyNumber
    };
    var floatExp = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      format: "EXP",
      test: /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/,
      resolve: (str) => parseFloat(str),
      stringify(node2) {
        const num = Number(node2.value);
        return isFinite(num) ? num.toExponential() : stringifyNumber.stringifyNumber(node2);
      }
    };
    var float = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      test: /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/,
      resolve(str) {
        const node2 = new Scalar.Scalar(parseFloat(str));
        const dot = str.indexOf(".");
        if (dot !== -1 && str[str.length - 1] === "0")
          node2.minFractionDigits = str.length - dot - 1;
        return node2;
      },
      stringify: stringifyNumber.stringifyNumber
    };
    exports.float = float;
    exports.floatExp = floatExp;
    exports.floatNaN = floatNaN;
  }
});

// node_modules/yaml/dist/schema/core/int.js
var require_int = __commonJS({
  "node_modules/yaml/dist/schema/core/int.js"(exports) {
    "use strict";
    var stringifyNumber = require_stringifyNumber();
    var intIdentify = (value) => typeof value === "bigint" || Number.isInteger(value);
    var intResolve = (str, offset, radix, { intAsBigInt }) => intAsBigInt ? BigInt(str) : parseInt(str.substring(offset), radix);
    function intStringify(node2, radix, prefix) {
      const { value } = node2;
      if (intIdentify(value) && value >= 0)
        return prefix + value.toString(radix);
      return stringifyNumber.stringifyNumber(node2);
    }
    var intOct = {
      identify: (value) => intIdentify(value) && value >= 0,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "OCT",
      test: /^0o[0-7]+$/,
      resolve: (str, _onError, opt) => intResolve(str, 2, 8, opt),
      stringify: (node2) => intStringify(node2, 8, "0o")
    };
    var int2 = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      test: /^[-+]?[0-9]+$/,
      resolve: (str, _onError, opt) => intResolve(str, 0, 10, opt),
      stringify: stringifyNumber.stringifyNumber
    };
    var intHex = {
      identify: (value) => intIdentify(value) && value >= 0,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "HEX",
      test: /^0x[0-9a-fA-F]+$/,
      resolve: (str, _onError, opt) => intResolve(str, 2, 16, opt),
      stringify: (node2) => intStringify(node2, 16, "0x")
    };
    exports.int = int2;
    exports.intHex = intHex;
    exports.intOct = intOct;
  }
});

// node_modules/yaml/dist/schema/core/schema.js
var require_schema = __commonJS({
  "node_modules/yaml/dist/schema/core/schema.js"(exports) {
    "use strict";
    var map = require_map();
    var _null3 = require_null();
    var seq = require_seq();
    var string3 = require_string();
    var bool = require_bool();
    var float = require_float();
    var int2 = require_int();
    var schema = [
      map.map,
      seq.seq,
      string3.string,
      _null3.nullTag,
      bool.boolTag,
      int2.intOct,
      int2.int,
      int2.intHex,
      float.floatNaN,
      float.floatExp,
      float.float
    ];
    exports.schema = schema;
  }
});

// node_modules/yaml/dist/schema/json/schema.js
var require_schema2 = __commonJS({
  "node_modules/yaml/dist/schema/json/schema.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var map = require_map();
    var seq = require_seq();
    function intIdentify(value) {
      return typeof value === "bigint" || Number.isInteger(value);
    }
    var stringifyJSON = ({ value }) => JSON.stringify(value);
    var jsonScalars = [
      {
        identify: (value) => typeof value === "string",
        default: true,
        tag: "tag:yaml.org,2002:str",
        resolve: (str) => str,
        stringify: stringifyJSON
      },
      {
        identify: (value) => value == null,
        createNode: () => new Scalar.Scalar(null),
        default: true,
        tag: "tag:yaml.org,2002:null",
        test: /^null$/,
        resolve: () => null,
        stringify: stringifyJSON
      },
      {
        identify: (value) => typeof value === "boolean",
        default: true,
        tag: "tag:yaml.org,2002:bool",
        test: /^true$|^false$/,
        resolve: (str) => str === "true",
        stringify: stringifyJSON
      },
      {
        identify: intIdentify,
        default: true,
        tag: "tag:yaml.org,2002:int",
        test: /^-?(?:0|[1-9][0-9]*)$/,
        resolve: (str, _onError, { intAsBigInt }) => intAsBigInt ? BigInt(str) : parseInt(str, 10),
        stringify: ({ value }) => intIdentify(value) ? value.toString() : JSON.stringify(value)
      },
      {
        identify: (value) => typeof value === "number",
        default: true,
        tag: "tag:yaml.org,2002:float",
        test: /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]*)?(?:[eE][-+]?[0-9]+)?$/,
        resolve: (str) => parseFloat(str),
        stringify: stringifyJSON
      }
    ];
    var jsonError = {
      default: true,
      tag: "",
      test: /^/,
      resolve(str, onError) {
        onError(`Unresolved plain scalar ${JSON.stringify(str)}`);
        return str;
      }
    };
    var schema = [map.map, seq.seq].concat(jsonScalars, jsonError);
    exports.schema = schema;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/binary.js
var require_binary = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/binary.js"(exports) {
    "use strict";
    var node_buffer = __require("buffer");
    var Scalar = require_Scalar();
    var stringifyString = require_stringifyString();
    var binary = {
      identify: (value) => value instanceof Uint8Array,
      // Buffer inherits from Uint8Array
      default: false,
      tag: "tag:yaml.org,2002:binary",
      /**
       * Returns a Buffer in node and an Uint8Array in browsers
       *
       * To use the resulting buffer as an image, you'll want to do something like:
       *
       *   const blob = new Blob([buffer], { type: 'image/jpeg' })
       *   document.querySelector('#photo').src = URL.createObjectURL(blob)
       */
      resolve(src, onError) {
        if (typeof node_buffer.Buffer === "function") {
          return node_buffer.Buffer.from(src, "base64");
        } else if (typeof atob === "function") {
          const str = atob(src.replace(/[\n\r]/g, ""));
          const buffer = new Uint8Array(str.length);
          for (let i = 0; i < str.length; ++i)
            buffer[i] = str.charCodeAt(i);
          return buffer;
        } else {
          onError("This environment does not support reading binary tags; either Buffer or atob is required");
          return src;
        }
      },
      stringify({ comment, type, value }, ctx, onComment, onChompKeep) {
        if (!value)
          return "";
        const buf = value;
        let str;
        if (typeof node_buffer.Buffer === "function") {
          str = buf instanceof node_buffer.Buffer ? buf.toString("base64") : node_buffer.Buffer.from(buf.buffer).toString("base64");
        } else if (typeof btoa === "function") {
          let s = "";
          for (let i = 0; i < buf.length; ++i)
            s += String.fromCharCode(buf[i]);
          str = btoa(s);
        } else {
          throw new Error("This environment does not support writing binary tags; either Buffer or btoa is required");
        }
        type ?? (type = Scalar.Scalar.BLOCK_LITERAL);
        if (type !== Scalar.Scalar.QUOTE_DOUBLE) {
          const lineWidth = Math.max(ctx.options.lineWidth - ctx.indent.length, ctx.options.minContentWidth);
          const n = Math.ceil(str.length / lineWidth);
          const lines = new Array(n);
          for (let i = 0, o = 0; i < n; ++i, o += lineWidth) {
            lines[i] = str.substr(o, lineWidth);
          }
          str = lines.join(type === Scalar.Scalar.BLOCK_LITERAL ? "\n" : " ");
        }
        return stringifyString.stringifyString({ comment, type, value: str }, ctx, onComment, onChompKeep);
      }
    };
    exports.binary = binary;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/pairs.js
var require_pairs = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/pairs.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Pair = require_Pair();
    var Scalar = require_Scalar();
    var YAMLSeq = require_YAMLSeq();
    function resolvePairs(seq, onError) {
      if (identity.isSeq(seq)) {
        for (let i = 0; i < seq.items.length; ++i) {
          let item = seq.items[i];
          if (identity.isPair(item))
            continue;
          else if (identity.isMap(item)) {
            if (item.items.length > 1)
              onError("Each pair must have its own sequence indicator");
            const pair = item.items[0] || new Pair.Pair(new Scalar.Scalar(null));
            if (item.commentBefore)
              pair.key.commentBefore = pair.key.commentBefore ? `${item.commentBefore}
${pair.key.commentBefore}` : item.commentBefore;
            if (item.comment) {
              const cn = pair.value ?? pair.key;
              cn.comment = cn.comment ? `${item.comment}
${cn.comment}` : item.comment;
            }
            item = pair;
          }
          seq.items[i] = identity.isPair(item) ? item : new Pair.Pair(item);
        }
      } else
        onError("Expected a sequence for this tag");
      return seq;
    }
    function createPairs(schema, iterable, ctx) {
      const { replacer } = ctx;
      const pairs2 = new YAMLSeq.YAMLSeq(schema);
      pairs2.tag = "tag:yaml.org,2002:pairs";
      let i = 0;
      if (iterable && Symbol.iterator in Object(iterable))
        for (let it of iterable) {
          if (typeof replacer === "function")
            it = replacer.call(iterable, String(i++), it);
          let key, value;
          if (Array.isArray(it)) {
            if (it.length === 2) {
              key = it[0];
              value = it[1];
            } else
              throw new TypeError(`Expected [key, value] tuple: ${it}`);
          } else if (it && it instanceof Object) {
            const keys = Object.keys(it);
            if (keys.length === 1) {
              key = keys[0];
              value = it[key];
            } else {
              throw new TypeError(`Expected tuple with one key, not ${keys.length} keys`);
            }
          } else {
            key = it;
          }
          pairs2.items.push(Pair.createPair(key, value, ctx));
        }
      return pairs2;
    }
    var pairs = {
      collection: "seq",
      default: false,
      tag: "tag:yaml.org,2002:pairs",
      resolve: resolvePairs,
      createNode: createPairs
    };
    exports.createPairs = createPairs;
    exports.pairs = pairs;
    exports.resolvePairs = resolvePairs;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/omap.js
var require_omap = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/omap.js"(exports) {
    "use strict";
    var identity = require_identity();
    var toJS = require_toJS();
    var YAMLMap = require_YAMLMap();
    var YAMLSeq = require_YAMLSeq();
    var pairs = require_pairs();
    var YAMLOMap = class _YAMLOMap extends YAMLSeq.YAMLSeq {
      constructor() {
        super();
        this.add = YAMLMap.YAMLMap.prototype.add.bind(this);
        this.delete = YAMLMap.YAMLMap.prototype.delete.bind(this);
        this.get = YAMLMap.YAMLMap.prototype.get.bind(this);
        this.has = YAMLMap.YAMLMap.prototype.has.bind(this);
        this.set = YAMLMap.YAMLMap.prototype.set.bind(this);
        this.tag = _YAMLOMap.tag;
      }
      /**
       * If `ctx` is given, the return type is actually `Map<unknown, unknown>`,
       * but TypeScript won't allow widening the signature of a child method.
       */
      toJSON(_, ctx) {
        if (!ctx)
          return super.toJSON(_);
        const map = /* @__PURE__ */ new Map();
        if (ctx?.onCreate)
          ctx.onCreate(map);
        for (const pair of this.items) {
          let key, value;
          if (identity.isPair(pair)) {
            key = toJS.toJS(pair.key, "", ctx);
            value = toJS.toJS(pair.value, key, ctx);
          } else {
            key = toJS.toJS(pair, "", ctx);
          }
          if (map.has(key))
            throw new Error("Ordered maps must not include duplicate keys");
          map.set(key, value);
        }
        return map;
      }
      static from(schema, iterable, ctx) {
        const pairs$1 = pairs.createPairs(schema, iterable, ctx);
        const omap2 = new this();
        omap2.items = pairs$1.items;
        return omap2;
      }
    };
    YAMLOMap.tag = "tag:yaml.org,2002:omap";
    var omap = {
      collection: "seq",
      identify: (value) => value instanceof Map,
      nodeClass: YAMLOMap,
      default: false,
      tag: "tag:yaml.org,2002:omap",
      resolve(seq, onError) {
        const pairs$1 = pairs.resolvePairs(seq, onError);
        const seenKeys = [];
        for (const { key } of pairs$1.items) {
          if (identity.isScalar(key)) {
            if (seenKeys.includes(key.value)) {
              onError(`Ordered maps must not include duplicate keys: ${key.value}`);
            } else {
              seenKeys.push(key.value);
            }
          }
        }
        return Object.assign(new YAMLOMap(), pairs$1);
      },
      createNode: (schema, iterable, ctx) => YAMLOMap.from(schema, iterable, ctx)
    };
    exports.YAMLOMap = YAMLOMap;
    exports.omap = omap;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/bool.js
var require_bool2 = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/bool.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    function boolStringify({ value, source }, ctx) {
      const boolObj = value ? trueTag : falseTag;
      if (source && boolObj.test.test(source))
        return source;
      return value ? ctx.options.trueStr : ctx.options.falseStr;
    }
    var trueTag = {
      identify: (value) => value === true,
      default: true,
      tag: "tag:yaml.org,2002:bool",
      test: /^(?:Y|y|[Yy]es|YES|[Tt]rue|TRUE|[Oo]n|ON)$/,
      resolve: () => new Scalar.Scalar(true),
      stringify: boolStringify
    };
    var falseTag = {
      identify: (value) => value === false,
      default: true,
      tag: "tag:yaml.org,2002:bool",
      test: /^(?:N|n|[Nn]o|NO|[Ff]alse|FALSE|[Oo]ff|OFF)$/,
      resolve: () => new Scalar.Scalar(false),
      stringify: boolStringify
    };
    exports.falseTag = falseTag;
    exports.trueTag = trueTag;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/float.js
var require_float2 = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/float.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var stringifyNumber = require_stringifyNumber();
    var floatNaN = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      test: /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/,
      resolve: (str) => str.slice(-3).toLowerCase() === "nan" ? NaN : str[0] === "-" ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY,
      stringify: stringifyNumber.stringifyNumber
    };
    var floatExp = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      format: "EXP",
      test: /^[-+]?(?:[0-9][0-9_]*)?(?:\.[0-9_]*)?[eE][-+]?[0-9]+$/,
      resolve: (str) => parseFloat(str.replace(/_/g, "")),
      stringify(node2) {
        const num = Number(node2.value);
        return isFinite(num) ? num.toExponential() : stringifyNumber.stringifyNumber(node2);
      }
    };
    var float = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      test: /^[-+]?(?:[0-9][0-9_]*)?\.[0-9_]*$/,
      resolve(str) {
        const node2 = new Scalar.Scalar(parseFloat(str.replace(/_/g, "")));
        const dot = str.indexOf(".");
        if (dot !== -1) {
          const f = str.substring(dot + 1).replace(/_/g, "");
          if (f[f.length - 1] === "0")
            node2.minFractionDigits = f.length;
        }
        return node2;
      },
      stringify: stringifyNumber.stringifyNumber
    };
    exports.float = float;
    exports.floatExp = floatExp;
    exports.floatNaN = floatNaN;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/int.js
var require_int2 = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/int.js"(exports) {
    "use strict";
    var stringifyNumber = require_stringifyNumber();
    var intIdentify = (value) => typeof value === "bigint" || Number.isInteger(value);
    function intResolve(str, offset, radix, { intAsBigInt }) {
      const sign = str[0];
      if (sign === "-" || sign === "+")
        offset += 1;
      str = str.substring(offset).replace(/_/g, "");
      if (intAsBigInt) {
        switch (radix) {
          case 2:
            str = `0b${str}`;
            break;
          case 8:
            str = `0o${str}`;
            break;
          case 16:
            str = `0x${str}`;
            break;
        }
        const n2 = BigInt(str);
        return sign === "-" ? BigInt(-1) * n2 : n2;
      }
      const n = parseInt(str, radix);
      return sign === "-" ? -1 * n : n;
    }
    function intStringify(node2, radix, prefix) {
      const { value } = node2;
      if (intIdentify(value)) {
        const str = value.toString(radix);
        return value < 0 ? "-" + prefix + str.substr(1) : prefix + str;
      }
      return stringifyNumber.stringifyNumber(node2);
    }
    var intBin = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "BIN",
      test: /^[-+]?0b[0-1_]+$/,
      resolve: (str, _onError, opt) => intResolve(str, 2, 2, opt),
      stringify: (node2) => intStringify(node2, 2, "0b")
    };
    var intOct = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "OCT",
      test: /^[-+]?0[0-7_]+$/,
      resolve: (str, _onError, opt) => intResolve(str, 1, 8, opt),
      stringify: (node2) => intStringify(node2, 8, "0")
    };
    var int2 = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      test: /^[-+]?[0-9][0-9_]*$/,
      resolve: (str, _onError, opt) => intResolve(str, 0, 10, opt),
      stringify: stringifyNumber.stringifyNumber
    };
    var intHex = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "HEX",
      test: /^[-+]?0x[0-9a-fA-F_]+$/,
      resolve: (str, _onError, opt) => intResolve(str, 2, 16, opt),
      stringify: (node2) => intStringify(node2, 16, "0x")
    };
    exports.int = int2;
    exports.intBin = intBin;
    exports.intHex = intHex;
    exports.intOct = intOct;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/set.js
var require_set = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/set.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Pair = require_Pair();
    var YAMLMap = require_YAMLMap();
    var YAMLSet = class _YAMLSet extends YAMLMap.YAMLMap {
      constructor(schema) {
        super(schema);
        this.tag = _YAMLSet.tag;
      }
      add(key) {
        let pair;
        if (identity.isPair(key))
          pair = key;
        else if (key && typeof key === "object" && "key" in key && "value" in key && key.value === null)
          pair = new Pair.Pair(key.key, null);
        else
          pair = new Pair.Pair(key, null);
        const prev = YAMLMap.findPair(this.items, pair.key);
        if (!prev)
          this.items.push(pair);
      }
      /**
       * If `keepPair` is `true`, returns the Pair matching `key`.
       * Otherwise, returns the value of that Pair's key.
       */
      get(key, keepPair) {
        const pair = YAMLMap.findPair(this.items, key);
        return !keepPair && identity.isPair(pair) ? identity.isScalar(pair.key) ? pair.key.value : pair.key : pair;
      }
      set(key, value) {
        if (typeof value !== "boolean")
          throw new Error(`Expected boolean value for set(key, value) in a YAML set, not ${typeof value}`);
        const prev = YAMLMap.findPair(this.items, key);
        if (prev && !value) {
          this.items.splice(this.items.indexOf(prev), 1);
        } else if (!prev && value) {
          this.items.push(new Pair.Pair(key));
        }
      }
      toJSON(_, ctx) {
        return super.toJSON(_, ctx, Set);
      }
      toString(ctx, onComment, onChompKeep) {
        if (!ctx)
          return JSON.stringify(this);
        if (this.hasAllNullValues(true))
          return super.toString(Object.assign({}, ctx, { allNullValues: true }), onComment, onChompKeep);
        else
          throw new Error("Set items must all have null values");
      }
      static from(schema, iterable, ctx) {
        const { replacer } = ctx;
        const set2 = new this(schema);
        if (iterable && Symbol.iterator in Object(iterable))
          for (let value of iterable) {
            if (typeof replacer === "function")
              value = replacer.call(iterable, value, value);
            set2.items.push(Pair.createPair(value, null, ctx));
          }
        return set2;
      }
    };
    YAMLSet.tag = "tag:yaml.org,2002:set";
    var set = {
      collection: "map",
      identify: (value) => value instanceof Set,
      nodeClass: YAMLSet,
      default: false,
      tag: "tag:yaml.org,2002:set",
      createNode: (schema, iterable, ctx) => YAMLSet.from(schema, iterable, ctx),
      resolve(map, onError) {
        if (identity.isMap(map)) {
          if (map.hasAllNullValues(true))
            return Object.assign(new YAMLSet(), map);
          else
            onError("Set items must all have null values");
        } else
          onError("Expected a mapping for this tag");
        return map;
      }
    };
    exports.YAMLSet = YAMLSet;
    exports.set = set;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/timestamp.js
var require_timestamp = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/timestamp.js"(exports) {
    "use strict";
    var stringifyNumber = require_stringifyNumber();
    function parseSexagesimal(str, asBigInt) {
      const sign = str[0];
      const parts = sign === "-" || sign === "+" ? str.substring(1) : str;
      const num = (n) => asBigInt ? BigInt(n) : Number(n);
      const res = parts.replace(/_/g, "").split(":").reduce((res2, p) => res2 * num(60) + num(p), num(0));
      return sign === "-" ? num(-1) * res : res;
    }
    function stringifySexagesimal(node2) {
      let { value } = node2;
      let num = (n) => n;
      if (typeof value === "bigint")
        num = (n) => BigInt(n);
      else if (isNaN(value) || !isFinite(value))
        return stringifyNumber.stringifyNumber(node2);
      let sign = "";
      if (value < 0) {
        sign = "-";
        value *= num(-1);
      }
      const _60 = num(60);
      const parts = [value % _60];
      if (value < 60) {
        parts.unshift(0);
      } else {
        value = (value - parts[0]) / _60;
        parts.unshift(value % _60);
        if (value >= 60) {
          value = (value - parts[0]) / _60;
          parts.unshift(value);
        }
      }
      return sign + parts.map((n) => String(n).padStart(2, "0")).join(":").replace(/000000\d*$/, "");
    }
    var intTime = {
      identify: (value) => typeof value === "bigint" || Number.isInteger(value),
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "TIME",
      test: /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+$/,
      resolve: (str, _onError, { intAsBigInt }) => parseSexagesimal(str, intAsBigInt),
      stringify: stringifySexagesimal
    };
    var floatTime = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      format: "TIME",
      test: /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*$/,
      resolve: (str) => parseSexagesimal(str, false),
      stringify: stringifySexagesimal
    };
    var timestamp = {
      identify: (value) => value instanceof Date,
      default: true,
      tag: "tag:yaml.org,2002:timestamp",
      // If the time zone is omitted, the timestamp is assumed to be specified in UTC. The time part
      // may be omitted altogether, resulting in a date format. In such a case, the time part is
      // assumed to be 00:00:00Z (start of day, UTC).
      test: RegExp("^([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})(?:(?:t|T|[ \\t]+)([0-9]{1,2}):([0-9]{1,2}):([0-9]{1,2}(\\.[0-9]+)?)(?:[ \\t]*(Z|[-+][012]?[0-9](?::[0-9]{2})?))?)?$"),
      resolve(str) {
        const match = str.match(timestamp.test);
        if (!match)
          throw new Error("!!timestamp expects a date, starting with yyyy-mm-dd");
        const [, year, month, day, hour, minute, second] = match.map(Number);
        const millisec = match[7] ? Number((match[7] + "00").substr(1, 3)) : 0;
        let date2 = Date.UTC(year, month - 1, day, hour || 0, minute || 0, second || 0, millisec);
        const tz = match[8];
        if (tz && tz !== "Z") {
          let d = parseSexagesimal(tz, false);
          if (Math.abs(d) < 30)
            d *= 60;
          date2 -= 6e4 * d;
        }
        return new Date(date2);
      },
      stringify: ({ value }) => value?.toISOString().replace(/(T00:00:00)?\.000Z$/, "") ?? ""
    };
    exports.floatTime = floatTime;
    exports.intTime = intTime;
    exports.timestamp = timestamp;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/schema.js
var require_schema3 = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/schema.js"(exports) {
    "use strict";
    var map = require_map();
    var _null3 = require_null();
    var seq = require_seq();
    var string3 = require_string();
    var binary = require_binary();
    var bool = require_bool2();
    var float = require_float2();
    var int2 = require_int2();
    var merge2 = require_merge();
    var omap = require_omap();
    var pairs = require_pairs();
    var set = require_set();
    var timestamp = require_timestamp();
    var schema = [
      map.map,
      seq.seq,
      string3.string,
      _null3.nullTag,
      bool.trueTag,
      bool.falseTag,
      int2.intBin,
      int2.intOct,
      int2.int,
      int2.intHex,
      float.floatNaN,
      float.floatExp,
      float.float,
      binary.binary,
      merge2.merge,
      omap.omap,
      pairs.pairs,
      set.set,
      timestamp.intTime,
      timestamp.floatTime,
      timestamp.timestamp
    ];
    exports.schema = schema;
  }
});

// node_modules/yaml/dist/schema/tags.js
var require_tags = __commonJS({
  "node_modules/yaml/dist/schema/tags.js"(exports) {
    "use strict";
    var map = require_map();
    var _null3 = require_null();
    var seq = require_seq();
    var string3 = require_string();
    var bool = require_bool();
    var float = require_float();
    var int2 = require_int();
    var schema = require_schema();
    var schema$1 = require_schema2();
    var binary = require_binary();
    var merge2 = require_merge();
    var omap = require_omap();
    var pairs = require_pairs();
    var schema$2 = require_schema3();
    var set = require_set();
    var timestamp = require_timestamp();
    var schemas = /* @__PURE__ */ new Map([
      ["core", schema.schema],
      ["failsafe", [map.map, seq.seq, string3.string]],
      ["json", schema$1.schema],
      ["yaml11", schema$2.schema],
      ["yaml-1.1", schema$2.schema]
    ]);
    var tagsByName = {
      binary: binary.binary,
      bool: bool.boolTag,
      float: float.float,
      floatExp: float.floatExp,
      floatNaN: float.floatNaN,
      floatTime: timestamp.floatTime,
      int: int2.int,
      intHex: int2.intHex,
      intOct: int2.intOct,
      intTime: timestamp.intTime,
      map: map.map,
      merge: merge2.merge,
      null: _null3.nullTag,
      omap: omap.omap,
      pairs: pairs.pairs,
      seq: seq.seq,
      set: set.set,
      timestamp: timestamp.timestamp
    };
    var coreKnownTags = {
      "tag:yaml.org,2002:binary": binary.binary,
      "tag:yaml.org,2002:merge": merge2.merge,
      "tag:yaml.org,2002:omap": omap.omap,
      "tag:yaml.org,2002:pairs": pairs.pairs,
      "tag:yaml.org,2002:set": set.set,
      "tag:yaml.org,2002:timestamp": timestamp.timestamp
    };
    function getTags(customTags, schemaName, addMergeTag) {
      const schemaTags = schemas.get(schemaName);
      if (schemaTags && !customTags) {
        return addMergeTag && !schemaTags.includes(merge2.merge) ? schemaTags.concat(merge2.merge) : schemaTags.slice();
      }
      let tags = schemaTags;
      if (!tags) {
        if (Array.isArray(customTags))
          tags = [];
        else {
          const keys = Array.from(schemas.keys()).filter((key) => key !== "yaml11").map((key) => JSON.stringify(key)).join(", ");
          throw new Error(`Unknown schema "${schemaName}"; use one of ${keys} or define customTags array`);
        }
      }
      if (Array.isArray(customTags)) {
        for (const tag of customTags)
          tags = tags.concat(tag);
      } else if (typeof customTags === "function") {
        tags = customTags(tags.slice());
      }
      if (addMergeTag)
        tags = tags.concat(merge2.merge);
      return tags.reduce((tags2, tag) => {
        const tagObj = typeof tag === "string" ? tagsByName[tag] : tag;
        if (!tagObj) {
          const tagName = JSON.stringify(tag);
          const keys = Object.keys(tagsByName).map((key) => JSON.stringify(key)).join(", ");
          throw new Error(`Unknown custom tag ${tagName}; use one of ${keys}`);
        }
        if (!tags2.includes(tagObj))
          tags2.push(tagObj);
        return tags2;
      }, []);
    }
    exports.coreKnownTags = coreKnownTags;
    exports.getTags = getTags;
  }
});

// node_modules/yaml/dist/schema/Schema.js
var require_Schema = __commonJS({
  "node_modules/yaml/dist/schema/Schema.js"(exports) {
    "use strict";
    var identity = require_identity();
    var map = require_map();
    var seq = require_seq();
    var string3 = require_string();
    var tags = require_tags();
    var sortMapEntriesByKey = (a, b) => a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
    var Schema = class _Schema {
      constructor({ compat, customTags, merge: merge2, resolveKnownTags, schema, sortMapEntries, toStringDefaults }) {
        this.compat = Array.isArray(compat) ? tags.getTags(compat, "compat") : compat ? tags.getTags(null, compat) : null;
        this.name = typeof schema === "string" && schema || "core";
        this.knownTags = resolveKnownTags ? tags.coreKnownTags : {};
        this.tags = tags.getTags(customTags, this.name, merge2);
        this.toStringOptions = toStringDefaults ?? null;
        Object.defineProperty(this, identity.MAP, { value: map.map });
        Object.defineProperty(this, identity.SCALAR, { value: string3.string });
        Object.defineProperty(this, identity.SEQ, { value: seq.seq });
        this.sortMapEntries = typeof sortMapEntries === "function" ? sortMapEntries : sortMapEntries === true ? sortMapEntriesByKey : null;
      }
      clone() {
        const copy = Object.create(_Schema.prototype, Object.getOwnPropertyDescriptors(this));
        copy.tags = this.tags.slice();
        return copy;
      }
    };
    exports.Schema = Schema;
  }
});

// node_modules/yaml/dist/stringify/stringifyDocument.js
var require_stringifyDocument = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyDocument.js"(exports) {
    "use strict";
    var identity = require_identity();
    var stringify = require_stringify();
    var stringifyComment = require_stringifyComment();
    function stringifyDocument(doc, options) {
      const lines = [];
      let hasDirectives = options.directives === true;
      if (options.directives !== false && doc.directives) {
        const dir = doc.directives.toString(doc);
        if (dir) {
          lines.push(dir);
          hasDirectives = true;
        } else if (doc.directives.docStart)
          hasDirectives = true;
      }
      if (hasDirectives)
        lines.push("---");
      const ctx = stringify.createStringifyContext(doc, options);
      const { commentString } = ctx.options;
      if (doc.commentBefore) {
        if (lines.length !== 1)
          lines.unshift("");
        const cs = commentString(doc.commentBefore);
        lines.unshift(stringifyComment.indentComment(cs, ""));
      }
      let chompKeep = false;
      let contentComment = null;
      if (doc.contents) {
        if (identity.isNode(doc.contents)) {
          if (doc.contents.spaceBefore && hasDirectives)
            lines.push("");
          if (doc.contents.commentBefore) {
            const cs = commentString(doc.contents.commentBefore);
            lines.push(stringifyComment.indentComment(cs, ""));
          }
          ctx.forceBlockIndent = !!doc.comment;
          contentComment = doc.contents.comment;
        }
        const onChompKeep = contentComment ? void 0 : () => chompKeep = true;
        let body = stringify.stringify(doc.contents, ctx, () => contentComment = null, onChompKeep);
        if (contentComment)
          body += stringifyComment.lineComment(body, "", commentString(contentComment));
        if ((body[0] === "|" || body[0] === ">") && lines[lines.length - 1] === "---") {
          lines[lines.length - 1] = `--- ${body}`;
        } else
          lines.push(body);
      } else {
        lines.push(stringify.stringify(doc.contents, ctx));
      }
      if (doc.directives?.docEnd) {
        if (doc.comment) {
          const cs = commentString(doc.comment);
          if (cs.includes("\n")) {
            lines.push("...");
            lines.push(stringifyComment.indentComment(cs, ""));
          } else {
            lines.push(`... ${cs}`);
          }
        } else {
          lines.push("...");
        }
      } else {
        let dc = doc.comment;
        if (dc && chompKeep)
          dc = dc.replace(/^\n+/, "");
        if (dc) {
          if ((!chompKeep || contentComment) && lines[lines.length - 1] !== "")
            lines.push("");
          lines.push(stringifyComment.indentComment(commentString(dc), ""));
        }
      }
      return lines.join("\n") + "\n";
    }
    exports.stringifyDocument = stringifyDocument;
  }
});

// node_modules/yaml/dist/doc/Document.js
var require_Document = __commonJS({
  "node_modules/yaml/dist/doc/Document.js"(exports) {
    "use strict";
    var Alias = require_Alias();
    var Collection = require_Collection();
    var identity = require_identity();
    var Pair = require_Pair();
    var toJS = require_toJS();
    var Schema = require_Schema();
    var stringifyDocument = require_stringifyDocument();
    var anchors = require_anchors();
    var applyReviver = require_applyReviver();
    var createNode = require_createNode();
    var directives = require_directives();
    var Document = class _Document {
      constructor(value, replacer, options) {
        this.commentBefore = null;
        this.comment = null;
        this.errors = [];
        this.warnings = [];
        Object.defineProperty(this, identity.NODE_TYPE, { value: identity.DOC });
        let _replacer = null;
        if (typeof replacer === "function" || Array.isArray(replacer)) {
          _replacer = replacer;
        } else if (options === void 0 && replacer) {
          options = replacer;
          replacer = void 0;
        }
        const opt = Object.assign({
          intAsBigInt: false,
          keepSourceTokens: false,
          logLevel: "warn",
          prettyErrors: true,
          strict: true,
          stringKeys: false,
          uniqueKeys: true,
          version: "1.2"
        }, options);
        this.options = opt;
        let { version: version2 } = opt;
        if (options?._directives) {
          this.directives = options._directives.atDocument();
          if (this.directives.yaml.explicit)
            version2 = this.directives.yaml.version;
        } else
          this.directives = new directives.Directives({ version: version2 });
        this.setSchema(version2, options);
        this.contents = value === void 0 ? null : this.createNode(value, _replacer, options);
      }
      /**
       * Create a deep copy of this Document and its contents.
       *
       * Custom Node values that inherit from `Object` still refer to their original instances.
       */
      clone() {
        const copy = Object.create(_Document.prototype, {
          [identity.NODE_TYPE]: { value: identity.DOC }
        });
        copy.commentBefore = this.commentBefore;
        copy.comment = this.comment;
        copy.errors = this.errors.slice();
        copy.warnings = this.warnings.slice();
        copy.options = Object.assign({}, this.options);
        if (this.directives)
          copy.directives = this.directives.clone();
        copy.schema = this.schema.clone();
        copy.contents = identity.isNode(this.contents) ? this.contents.clone(copy.schema) : this.contents;
        if (this.range)
          copy.range = this.range.slice();
        return copy;
      }
      /** Adds a value to the document. */
      add(value) {
        if (assertCollection(this.contents))
          this.contents.add(value);
      }
      /** Adds a value to the document. */
      addIn(path, value) {
        if (assertCollection(this.contents))
          this.contents.addIn(path, value);
      }
      /**
       * Create a new `Alias` node, ensuring that the target `node` has the required anchor.
       *
       * If `node` already has an anchor, `name` is ignored.
       * Otherwise, the `node.anchor` value will be set to `name`,
       * or if an anchor with that name is already present in the document,
       * `name` will be used as a prefix for a new unique anchor.
       * If `name` is undefined, the generated anchor will use 'a' as a prefix.
       */
      createAlias(node2, name) {
        if (!node2.anchor) {
          const prev = anchors.anchorNames(this);
          node2.anchor = // eslint-disable-next-line @typescript-eslint/prefer-nullish-coalescing
          !name || prev.has(name) ? anchors.findNewAnchor(name || "a", prev) : name;
        }
        return new Alias.Alias(node2.anchor);
      }
      createNode(value, replacer, options) {
        let _replacer = void 0;
        if (typeof replacer === "function") {
          value = replacer.call({ "": value }, "", value);
          _replacer = replacer;
        } else if (Array.isArray(replacer)) {
          const keyToStr = (v) => typeof v === "number" || v instanceof String || v instanceof Number;
          const asStr = replacer.filter(keyToStr).map(String);
          if (asStr.length > 0)
            replacer = replacer.concat(asStr);
          _replacer = replacer;
        } else if (options === void 0 && replacer) {
          options = replacer;
          replacer = void 0;
        }
        const { aliasDuplicateObjects, anchorPrefix, flow, keepUndefined, onTagObj, tag } = options ?? {};
        const { onAnchor, setAnchors, sourceObjects } = anchors.createNodeAnchors(
          this,
          // eslint-disable-next-line @typescript-eslint/prefer-nullish-coalescing
          anchorPrefix || "a"
        );
        const ctx = {
          aliasDuplicateObjects: aliasDuplicateObjects ?? true,
          keepUndefined: keepUndefined ?? false,
          onAnchor,
          onTagObj,
          replacer: _replacer,
          schema: this.schema,
          sourceObjects
        };
        const node2 = createNode.createNode(value, tag, ctx);
        if (flow && identity.isCollection(node2))
          node2.flow = true;
        setAnchors();
        return node2;
      }
      /**
       * Convert a key and a value into a `Pair` using the current schema,
       * recursively wrapping all values as `Scalar` or `Collection` nodes.
       */
      createPair(key, value, options = {}) {
        const k = this.createNode(key, null, options);
        const v = this.createNode(value, null, options);
        return new Pair.Pair(k, v);
      }
      /**
       * Removes a value from the document.
       * @returns `true` if the item was found and removed.
       */
      delete(key) {
        return assertCollection(this.contents) ? this.contents.delete(key) : false;
      }
      /**
       * Removes a value from the document.
       * @returns `true` if the item was found and removed.
       */
      deleteIn(path) {
        if (Collection.isEmptyPath(path)) {
          if (this.contents == null)
            return false;
          this.contents = null;
          return true;
        }
        return assertCollection(this.contents) ? this.contents.deleteIn(path) : false;
      }
      /**
       * Returns item at `key`, or `undefined` if not found. By default unwraps
       * scalar values from their surrounding node; to disable set `keepScalar` to
       * `true` (collections are always returned intact).
       */
      get(key, keepScalar) {
        return identity.isCollection(this.contents) ? this.contents.get(key, keepScalar) : void 0;
      }
      /**
       * Returns item at `path`, or `undefined` if not found. By default unwraps
       * scalar values from their surrounding node; to disable set `keepScalar` to
       * `true` (collections are always returned intact).
       */
      getIn(path, keepScalar) {
        if (Collection.isEmptyPath(path))
          return !keepScalar && identity.isScalar(this.contents) ? this.contents.value : this.contents;
        return identity.isCollection(this.contents) ? this.contents.getIn(path, keepScalar) : void 0;
      }
      /**
       * Checks if the document includes a value with the key `key`.
       */
      has(key) {
        return identity.isCollection(this.contents) ? this.contents.has(key) : false;
      }
      /**
       * Checks if the document includes a value at `path`.
       */
      hasIn(path) {
        if (Collection.isEmptyPath(path))
          return this.contents !== void 0;
        return identity.isCollection(this.contents) ? this.contents.hasIn(path) : false;
      }
      /**
       * Sets a value in this document. For `!!set`, `value` needs to be a
       * boolean to add/remove the item from the set.
       */
      set(key, value) {
        if (this.contents == null) {
          this.contents = Collection.collectionFromPath(this.schema, [key], value);
        } else if (assertCollection(this.contents)) {
          this.contents.set(key, value);
        }
      }
      /**
       * Sets a value in this document. For `!!set`, `value` needs to be a
       * boolean to add/remove the item from the set.
       */
      setIn(path, value) {
        if (Collection.isEmptyPath(path)) {
          this.contents = value;
        } else if (this.contents == null) {
          this.contents = Collection.collectionFromPath(this.schema, Array.from(path), value);
        } else if (assertCollection(this.contents)) {
          this.contents.setIn(path, value);
        }
      }
      /**
       * Change the YAML version and schema used by the document.
       * A `null` version disables support for directives, explicit tags, anchors, and aliases.
       * It also requires the `schema` option to be given as a `Schema` instance value.
       *
       * Overrides all previously set schema options.
       */
      setSchema(version2, options = {}) {
        if (typeof version2 === "number")
          version2 = String(version2);
        let opt;
        switch (version2) {
          case "1.1":
            if (this.directives)
              this.directives.yaml.version = "1.1";
            else
              this.directives = new directives.Directives({ version: "1.1" });
            opt = { resolveKnownTags: false, schema: "yaml-1.1" };
            break;
          case "1.2":
          case "next":
            if (this.directives)
              this.directives.yaml.version = version2;
            else
              this.directives = new directives.Directives({ version: version2 });
            opt = { resolveKnownTags: true, schema: "core" };
            break;
          case null:
            if (this.directives)
              delete this.directives;
            opt = null;
            break;
          default: {
            const sv = JSON.stringify(version2);
            throw new Error(`Expected '1.1', '1.2' or null as first argument, but found: ${sv}`);
          }
        }
        if (options.schema instanceof Object)
          this.schema = options.schema;
        else if (opt)
          this.schema = new Schema.Schema(Object.assign(opt, options));
        else
          throw new Error(`With a null YAML version, the { schema: Schema } option is required`);
      }
      // json & jsonArg are only used from toJSON()
      toJS({ json, jsonArg, mapAsMap, maxAliasCount, onAnchor, reviver } = {}) {
        const ctx = {
          anchors: /* @__PURE__ */ new Map(),
          doc: this,
          keep: !json,
          mapAsMap: mapAsMap === true,
          mapKeyWarned: false,
          maxAliasCount: typeof maxAliasCount === "number" ? maxAliasCount : 100
        };
        const res = toJS.toJS(this.contents, jsonArg ?? "", ctx);
        if (typeof onAnchor === "function")
          for (const { count, res: res2 } of ctx.anchors.values())
            onAnchor(res2, count);
        return typeof reviver === "function" ? applyReviver.applyReviver(reviver, { "": res }, "", res) : res;
      }
      /**
       * A JSON representation of the document `contents`.
       *
       * @param jsonArg Used by `JSON.stringify` to indicate the array index or
       *   property name.
       */
      toJSON(jsonArg, onAnchor) {
        return this.toJS({ json: true, jsonArg, mapAsMap: false, onAnchor });
      }
      /** A YAML representation of the document. */
      toString(options = {}) {
        if (this.errors.length > 0)
          throw new Error("Document with errors cannot be stringified");
        if ("indent" in options && (!Number.isInteger(options.indent) || Number(options.indent) <= 0)) {
          const s = JSON.stringify(options.indent);
          throw new Error(`"indent" option must be a positive integer, not ${s}`);
        }
        return stringifyDocument.stringifyDocument(this, options);
      }
    };
    function assertCollection(contents) {
      if (identity.isCollection(contents))
        return true;
      throw new Error("Expected a YAML collection as document contents");
    }
    exports.Document = Document;
  }
});

// node_modules/yaml/dist/errors.js
var require_errors = __commonJS({
  "node_modules/yaml/dist/errors.js"(exports) {
    "use strict";
    var YAMLError = class extends Error {
      constructor(name, pos, code3, message) {
        super();
        this.name = name;
        this.code = code3;
        this.message = message;
        this.pos = pos;
      }
    };
    var YAMLParseError2 = class extends YAMLError {
      constructor(pos, code3, message) {
        super("YAMLParseError", pos, code3, message);
      }
    };
    var YAMLWarning = class extends YAMLError {
      constructor(pos, code3, message) {
        super("YAMLWarning", pos, code3, message);
      }
    };
    var prettifyError = (src, lc) => (error2) => {
      if (error2.pos[0] === -1)
        return;
      error2.linePos = error2.pos.map((pos) => lc.linePos(pos));
      const { line, col } = error2.linePos[0];
      error2.message += ` at line ${line}, column ${col}`;
      let ci = col - 1;
      let lineStr = src.substring(lc.lineStarts[line - 1], lc.lineStarts[line]).replace(/[\n\r]+$/, "");
      if (ci >= 60 && lineStr.length > 80) {
        const trimStart = Math.min(ci - 39, lineStr.length - 79);
        lineStr = "\u2026" + lineStr.substring(trimStart);
        ci -= trimStart - 1;
      }
      if (lineStr.length > 80)
        lineStr = lineStr.substring(0, 79) + "\u2026";
      if (line > 1 && /^ *$/.test(lineStr.substring(0, ci))) {
        let prev = src.substring(lc.lineStarts[line - 2], lc.lineStarts[line - 1]);
        if (prev.length > 80)
          prev = prev.substring(0, 79) + "\u2026\n";
        lineStr = prev + lineStr;
      }
      if (/[^ ]/.test(lineStr)) {
        let count = 1;
        const end = error2.linePos[1];
        if (end?.line === line && end.col > col) {
          count = Math.max(1, Math.min(end.col - col, 80 - ci));
        }
        const pointer = " ".repeat(ci) + "^".repeat(count);
        error2.message += `:

${lineStr}
${pointer}
`;
      }
    };
    exports.YAMLError = YAMLError;
    exports.YAMLParseError = YAMLParseError2;
    exports.YAMLWarning = YAMLWarning;
    exports.prettifyError = prettifyError;
  }
});

// node_modules/yaml/dist/compose/resolve-props.js
var require_resolve_props = __commonJS({
  "node_modules/yaml/dist/compose/resolve-props.js"(exports) {
    "use strict";
    function resolveProps(tokens, { flow, indicator, next, offset, onError, parentIndent, startOnNewline }) {
      let spaceBefore = false;
      let atNewline = startOnNewline;
      let hasSpace = startOnNewline;
      let comment = "";
      let commentSep = "";
      let hasNewline = false;
      let reqSpace = false;
      let tab = null;
      let anchor2 = null;
      let tag = null;
      let newlineAfterProp = null;
      let comma = null;
      let found2 = null;
      let start = null;
      for (const token of tokens) {
        if (reqSpace) {
          if (token.type !== "space" && token.type !== "newline" && token.type !== "comma")
            onError(token.offset, "MISSING_CHAR", "Tags and anchors must be separated from the next token by white space");
          reqSpace = false;
        }
        if (tab) {
          if (atNewline && token.type !== "comment" && token.type !== "newline") {
            onError(tab, "TAB_AS_INDENT", "Tabs are not allowed as indentation");
          }
          tab = null;
        }
        switch (token.type) {
          case "space":
            if (!flow && (indicator !== "doc-start" || next?.type !== "flow-collection") && token.source.includes("	")) {
              tab = token;
            }
            hasSpace = true;
            break;
          case "comment": {
            if (!hasSpace)
              onError(token, "MISSING_CHAR", "Comments must be separated from other tokens by white space characters");
            const cb = token.source.substring(1) || " ";
            if (!comment)
              comment = cb;
            else
              comment += commentSep + cb;
            commentSep = "";
            atNewline = false;
            break;
          }
          case "newline":
            if (atNewline) {
              if (comment)
                comment += token.source;
              else if (!found2 || indicator !== "seq-item-ind")
                spaceBefore = true;
            } else
              commentSep += token.source;
            atNewline = true;
            hasNewline = true;
            if (anchor2 || tag)
              newlineAfterProp = token;
            hasSpace = true;
            break;
          case "anchor":
            if (anchor2)
              onError(token, "MULTIPLE_ANCHORS", "A node can have at most one anchor");
            if (token.source.endsWith(":"))
              onError(token.offset + token.source.length - 1, "BAD_ALIAS", "Anchor ending in : is ambiguous", true);
            anchor2 = token;
            start ?? (start = token.offset);
            atNewline = false;
            hasSpace = false;
            reqSpace = true;
            break;
          case "tag": {
            if (tag)
              onError(token, "MULTIPLE_TAGS", "A node can have at most one tag");
            tag = token;
            start ?? (start = token.offset);
            atNewline = false;
            hasSpace = false;
            reqSpace = true;
            break;
          }
          case indicator:
            if (anchor2 || tag)
              onError(token, "BAD_PROP_ORDER", `Anchors and tags must be after the ${token.source} indicator`);
            if (found2)
              onError(token, "UNEXPECTED_TOKEN", `Unexpected ${token.source} in ${flow ?? "collection"}`);
            found2 = token;
            atNewline = indicator === "seq-item-ind" || indicator === "explicit-key-ind";
            hasSpace = false;
            break;
          case "comma":
            if (flow) {
              if (comma)
                onError(token, "UNEXPECTED_TOKEN", `Unexpected , in ${flow}`);
              comma = token;
              atNewline = false;
              hasSpace = false;
              break;
            }
          // else fallthrough
          default:
            onError(token, "UNEXPECTED_TOKEN", `Unexpected ${token.type} token`);
            atNewline = false;
            hasSpace = false;
        }
      }
      const last2 = tokens[tokens.length - 1];
      const end = last2 ? last2.offset + last2.source.length : offset;
      if (reqSpace && next && next.type !== "space" && next.type !== "newline" && next.type !== "comma" && (next.type !== "scalar" || next.source !== "")) {
        onError(next.offset, "MISSING_CHAR", "Tags and anchors must be separated from the next token by white space");
      }
      if (tab && (atNewline && tab.indent <= parentIndent || next?.type === "block-map" || next?.type === "block-seq"))
        onError(tab, "TAB_AS_INDENT", "Tabs are not allowed as indentation");
      return {
        comma,
        found: found2,
        spaceBefore,
        comment,
        hasNewline,
        anchor: anchor2,
        tag,
        newlineAfterProp,
        end,
        start: start ?? end
      };
    }
    exports.resolveProps = resolveProps;
  }
});

// node_modules/yaml/dist/compose/util-contains-newline.js
var require_util_contains_newline = __commonJS({
  "node_modules/yaml/dist/compose/util-contains-newline.js"(exports) {
    "use strict";
    function containsNewline(key) {
      if (!key)
        return null;
      switch (key.type) {
        case "alias":
        case "scalar":
        case "double-quoted-scalar":
        case "single-quoted-scalar":
          if (key.source.includes("\n"))
            return true;
          if (key.end) {
            for (const st of key.end)
              if (st.type === "newline")
                return true;
          }
          return false;
        case "flow-collection":
          for (const it of key.items) {
            for (const st of it.start)
              if (st.type === "newline")
                return true;
            if (it.sep) {
              for (const st of it.sep)
                if (st.type === "newline")
                  return true;
            }
            if (containsNewline(it.key) || containsNewline(it.value))
              return true;
          }
          return false;
        default:
          return true;
      }
    }
    exports.containsNewline = containsNewline;
  }
});

// node_modules/yaml/dist/compose/util-flow-indent-check.js
var require_util_flow_indent_check = __commonJS({
  "node_modules/yaml/dist/compose/util-flow-indent-check.js"(exports) {
    "use strict";
    var utilContainsNewline = require_util_contains_newline();
    function flowIndentCheck(indent, fc, onError) {
      if (fc?.type === "flow-collection") {
        const end = fc.end[0];
        if (end.indent === indent && (end.source === "]" || end.source === "}") && utilContainsNewline.containsNewline(fc)) {
          const msg = "Flow end indicator should be more indented than parent";
          onError(end, "BAD_INDENT", msg, true);
        }
      }
    }
    exports.flowIndentCheck = flowIndentCheck;
  }
});

// node_modules/yaml/dist/compose/util-map-includes.js
var require_util_map_includes = __commonJS({
  "node_modules/yaml/dist/compose/util-map-includes.js"(exports) {
    "use strict";
    var identity = require_identity();
    function mapIncludes(ctx, items, search) {
      const { uniqueKeys } = ctx.options;
      if (uniqueKeys === false)
        return false;
      const isEqual = typeof uniqueKeys === "function" ? uniqueKeys : (a, b) => a === b || identity.isScalar(a) && identity.isScalar(b) && a.value === b.value;
      return items.some((pair) => isEqual(pair.key, search));
    }
    exports.mapIncludes = mapIncludes;
  }
});

// node_modules/yaml/dist/compose/resolve-block-map.js
var require_resolve_block_map = __commonJS({
  "node_modules/yaml/dist/compose/resolve-block-map.js"(exports) {
    "use strict";
    var Pair = require_Pair();
    var YAMLMap = require_YAMLMap();
    var resolveProps = require_resolve_props();
    var utilContainsNewline = require_util_contains_newline();
    var utilFlowIndentCheck = require_util_flow_indent_check();
    var utilMapIncludes = require_util_map_includes();
    var startColMsg = "All mapping items must start at the same column";
    function resolveBlockMap({ composeNode, composeEmptyNode }, ctx, bm, onError, tag) {
      const NodeClass = tag?.nodeClass ?? YAMLMap.YAMLMap;
      const map = new NodeClass(ctx.schema);
      if (ctx.atRoot)
        ctx.atRoot = false;
      let offset = bm.offset;
      let commentEnd = null;
      for (const collItem of bm.items) {
        const { start, key, sep, value } = collItem;
        const keyProps = resolveProps.resolveProps(start, {
          indicator: "explicit-key-ind",
          next: key ?? sep?.[0],
          offset,
          onError,
          parentIndent: bm.indent,
          startOnNewline: true
        });
        const implicitKey = !keyProps.found;
        if (implicitKey) {
          if (key) {
            if (key.type === "block-seq")
              onError(offset, "BLOCK_AS_IMPLICIT_KEY", "A block sequence may not be used as an implicit map key");
            else if ("indent" in key && key.indent !== bm.indent)
              onError(offset, "BAD_INDENT", startColMsg);
          }
          if (!keyProps.anchor && !keyProps.tag && !sep) {
            commentEnd = keyProps.end;
            if (keyProps.comment) {
              if (map.comment)
                map.comment += "\n" + keyProps.comment;
              else
                map.comment = keyProps.comment;
            }
            continue;
          }
          if (keyProps.newlineAfterProp || utilContainsNewline.containsNewline(key)) {
            onError(key ?? start[start.length - 1], "MULTILINE_IMPLICIT_KEY", "Implicit keys need to be on a single line");
          }
        } else if (keyProps.found?.indent !== bm.indent) {
          onError(offset, "BAD_INDENT", startColMsg);
        }
        ctx.atKey = true;
        const keyStart = keyProps.end;
        const keyNode = key ? composeNode(ctx, key, keyProps, onError) : composeEmptyNode(ctx, keyStart, start, null, keyProps, onError);
        if (ctx.schema.compat)
          utilFlowIndentCheck.flowIndentCheck(bm.indent, key, onError);
        ctx.atKey = false;
        if (utilMapIncludes.mapIncludes(ctx, map.items, keyNode))
          onError(keyStart, "DUPLICATE_KEY", "Map keys must be unique");
        const valueProps = resolveProps.resolveProps(sep ?? [], {
          indicator: "map-value-ind",
          next: value,
          offset: keyNode.range[2],
          onError,
          parentIndent: bm.indent,
          startOnNewline: !key || key.type === "block-scalar"
        });
        offset = valueProps.end;
        if (valueProps.found) {
          if (implicitKey) {
            if (value?.type === "block-map" && !valueProps.hasNewline)
              onError(offset, "BLOCK_AS_IMPLICIT_KEY", "Nested mappings are not allowed in compact mappings");
            if (ctx.options.strict && keyProps.start < valueProps.found.offset - 1024)
              onError(keyNode.range, "KEY_OVER_1024_CHARS", "The : indicator must be at most 1024 chars after the start of an implicit block mapping key");
          }
          const valueNode = value ? composeNode(ctx, value, valueProps, onError) : composeEmptyNode(ctx, offset, sep, null, valueProps, onError);
          if (ctx.schema.compat)
            utilFlowIndentCheck.flowIndentCheck(bm.indent, value, onError);
          offset = valueNode.range[2];
          const pair = new Pair.Pair(keyNode, valueNode);
          if (ctx.options.keepSourceTokens)
            pair.srcToken = collItem;
          map.items.push(pair);
        } else {
          if (implicitKey)
            onError(keyNode.range, "MISSING_CHAR", "Implicit map keys need to be followed by map values");
          if (valueProps.comment) {
            if (keyNode.comment)
              keyNode.comment += "\n" + valueProps.comment;
            else
              keyNode.comment = valueProps.comment;
          }
          const pair = new Pair.Pair(keyNode);
          if (ctx.options.keepSourceTokens)
            pair.srcToken = collItem;
          map.items.push(pair);
        }
      }
      if (commentEnd && commentEnd < offset)
        onError(commentEnd, "IMPOSSIBLE", "Map comment with trailing content");
      map.range = [bm.offset, offset, commentEnd ?? offset];
      return map;
    }
    exports.resolveBlockMap = resolveBlockMap;
  }
});

// node_modules/yaml/dist/compose/resolve-block-seq.js
var require_resolve_block_seq = __commonJS({
  "node_modules/yaml/dist/compose/resolve-block-seq.js"(exports) {
    "use strict";
    var YAMLSeq = require_YAMLSeq();
    var resolveProps = require_resolve_props();
    var utilFlowIndentCheck = require_util_flow_indent_check();
    function resolveBlockSeq({ composeNode, composeEmptyNode }, ctx, bs, onError, tag) {
      const NodeClass = tag?.nodeClass ?? YAMLSeq.YAMLSeq;
      const seq = new NodeClass(ctx.schema);
      if (ctx.atRoot)
        ctx.atRoot = false;
      if (ctx.atKey)
        ctx.atKey = false;
      let offset = bs.offset;
      let commentEnd = null;
      for (const { start, value } of bs.items) {
        const props = resolveProps.resolveProps(start, {
          indicator: "seq-item-ind",
          next: value,
          offset,
          onError,
          parentIndent: bs.indent,
          startOnNewline: true
        });
        if (!props.found) {
          if (props.anchor || props.tag || value) {
            if (value?.type === "block-seq")
              onError(props.end, "BAD_INDENT", "All sequence items must start at the same column");
            else
              onError(offset, "MISSING_CHAR", "Sequence item without - indicator");
          } else {
            commentEnd = props.end;
            if (props.comment)
              seq.comment = props.comment;
            continue;
          }
        }
        const node2 = value ? composeNode(ctx, value, props, onError) : composeEmptyNode(ctx, props.end, start, null, props, onError);
        if (ctx.schema.compat)
          utilFlowIndentCheck.flowIndentCheck(bs.indent, value, onError);
        offset = node2.range[2];
        seq.items.push(node2);
      }
      seq.range = [bs.offset, offset, commentEnd ?? offset];
      return seq;
    }
    exports.resolveBlockSeq = resolveBlockSeq;
  }
});

// node_modules/yaml/dist/compose/resolve-end.js
var require_resolve_end = __commonJS({
  "node_modules/yaml/dist/compose/resolve-end.js"(exports) {
    "use strict";
    function resolveEnd(end, offset, reqSpace, onError) {
      let comment = "";
      if (end) {
        let hasSpace = false;
        let sep = "";
        for (const token of end) {
          const { source, type } = token;
          switch (type) {
            case "space":
              hasSpace = true;
              break;
            case "comment": {
              if (reqSpace && !hasSpace)
                onError(token, "MISSING_CHAR", "Comments must be separated from other tokens by white space characters");
              const cb = source.substring(1) || " ";
              if (!comment)
                comment = cb;
              else
                comment += sep + cb;
              sep = "";
              break;
            }
            case "newline":
              if (comment)
                sep += source;
              hasSpace = true;
              break;
            default:
              onError(token, "UNEXPECTED_TOKEN", `Unexpected ${type} at node end`);
          }
          offset += source.length;
        }
      }
      return { comment, offset };
    }
    exports.resolveEnd = resolveEnd;
  }
});

// node_modules/yaml/dist/compose/resolve-flow-collection.js
var require_resolve_flow_collection = __commonJS({
  "node_modules/yaml/dist/compose/resolve-flow-collection.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Pair = require_Pair();
    var YAMLMap = require_YAMLMap();
    var YAMLSeq = require_YAMLSeq();
    var resolveEnd = require_resolve_end();
    var resolveProps = require_resolve_props();
    var utilContainsNewline = require_util_contains_newline();
    var utilMapIncludes = require_util_map_includes();
    var blockMsg = "Block collections are not allowed within flow collections";
    var isBlock = (token) => token && (token.type === "block-map" || token.type === "block-seq");
    function resolveFlowCollection({ composeNode, composeEmptyNode }, ctx, fc, onError, tag) {
      const isMap = fc.start.source === "{";
      const fcName = isMap ? "flow map" : "flow sequence";
      const NodeClass = tag?.nodeClass ?? (isMap ? YAMLMap.YAMLMap : YAMLSeq.YAMLSeq);
      const coll = new NodeClass(ctx.schema);
      coll.flow = true;
      const atRoot = ctx.atRoot;
      if (atRoot)
        ctx.atRoot = false;
      if (ctx.atKey)
        ctx.atKey = false;
      let offset = fc.offset + fc.start.source.length;
      for (let i = 0; i < fc.items.length; ++i) {
        const collItem = fc.items[i];
        const { start, key, sep, value } = collItem;
        const props = resolveProps.resolveProps(start, {
          flow: fcName,
          indicator: "explicit-key-ind",
          next: key ?? sep?.[0],
          offset,
          onError,
          parentIndent: fc.indent,
          startOnNewline: false
        });
        if (!props.found) {
          if (!props.anchor && !props.tag && !sep && !value) {
            if (i === 0 && props.comma)
              onError(props.comma, "UNEXPECTED_TOKEN", `Unexpected , in ${fcName}`);
            else if (i < fc.items.length - 1)
              onError(props.start, "UNEXPECTED_TOKEN", `Unexpected empty item in ${fcName}`);
            if (props.comment) {
              if (coll.comment)
                coll.comment += "\n" + props.comment;
              else
                coll.comment = props.comment;
            }
            offset = props.end;
            continue;
          }
          if (!isMap && ctx.options.strict && utilContainsNewline.containsNewline(key))
            onError(
              key,
              // checked by containsNewline()
              "MULTILINE_IMPLICIT_KEY",
              "Implicit keys of flow sequence pairs need to be on a single line"
            );
        }
        if (i === 0) {
          if (props.comma)
            onError(props.comma, "UNEXPECTED_TOKEN", `Unexpected , in ${fcName}`);
        } else {
          if (!props.comma)
            onError(props.start, "MISSING_CHAR", `Missing , between ${fcName} items`);
          if (props.comment) {
            let prevItemComment = "";
            loop: for (const st of start) {
              switch (st.type) {
                case "comma":
                case "space":
                  break;
                case "comment":
                  prevItemComment = st.source.substring(1);
                  break loop;
                default:
                  break loop;
              }
            }
            if (prevItemComment) {
              let prev = coll.items[coll.items.length - 1];
              if (identity.isPair(prev))
                prev = prev.value ?? prev.key;
              if (prev.comment)
                prev.comment += "\n" + prevItemComment;
              else
                prev.comment = prevItemComment;
              props.comment = props.comment.substring(prevItemComment.length + 1);
            }
          }
        }
        if (!isMap && !sep && !props.found) {
          const valueNode = value ? composeNode(ctx, value, props, onError) : composeEmptyNode(ctx, props.end, sep, null, props, onError);
          coll.items.push(valueNode);
          offset = valueNode.range[2];
          if (isBlock(value))
            onError(valueNode.range, "BLOCK_IN_FLOW", blockMsg);
        } else {
          ctx.atKey = true;
          const keyStart = props.end;
          const keyNode = key ? composeNode(ctx, key, props, onError) : composeEmptyNode(ctx, keyStart, start, null, props, onError);
          if (isBlock(key))
            onError(keyNode.range, "BLOCK_IN_FLOW", blockMsg);
          ctx.atKey = false;
          const valueProps = resolveProps.resolveProps(sep ?? [], {
            flow: fcName,
            indicator: "map-value-ind",
            next: value,
            offset: keyNode.range[2],
            onError,
            parentIndent: fc.indent,
            startOnNewline: false
          });
          if (valueProps.found) {
            if (!isMap && !props.found && ctx.options.strict) {
              if (sep)
                for (const st of sep) {
                  if (st === valueProps.found)
                    break;
                  if (st.type === "newline") {
                    onError(st, "MULTILINE_IMPLICIT_KEY", "Implicit keys of flow sequence pairs need to be on a single line");
                    break;
                  }
                }
              if (props.start < valueProps.found.offset - 1024)
                onError(valueProps.found, "KEY_OVER_1024_CHARS", "The : indicator must be at most 1024 chars after the start of an implicit flow sequence key");
            }
          } else if (value) {
            if ("source" in value && value.source?.[0] === ":")
              onError(value, "MISSING_CHAR", `Missing space after : in ${fcName}`);
            else
              onError(valueProps.start, "MISSING_CHAR", `Missing , or : between ${fcName} items`);
          }
          const valueNode = value ? composeNode(ctx, value, valueProps, onError) : valueProps.found ? composeEmptyNode(ctx, valueProps.end, sep, null, valueProps, onError) : null;
          if (valueNode) {
            if (isBlock(value))
              onError(valueNode.range, "BLOCK_IN_FLOW", blockMsg);
          } else if (valueProps.comment) {
            if (keyNode.comment)
              keyNode.comment += "\n" + valueProps.comment;
            else
              keyNode.comment = valueProps.comment;
          }
          const pair = new Pair.Pair(keyNode, valueNode);
          if (ctx.options.keepSourceTokens)
            pair.srcToken = collItem;
          if (isMap) {
            const map = coll;
            if (utilMapIncludes.mapIncludes(ctx, map.items, keyNode))
              onError(keyStart, "DUPLICATE_KEY", "Map keys must be unique");
            map.items.push(pair);
          } else {
            const map = new YAMLMap.YAMLMap(ctx.schema);
            map.flow = true;
            map.items.push(pair);
            const endRange = (valueNode ?? keyNode).range;
            map.range = [keyNode.range[0], endRange[1], endRange[2]];
            coll.items.push(map);
          }
          offset = valueNode ? valueNode.range[2] : valueProps.end;
        }
      }
      const expectedEnd = isMap ? "}" : "]";
      const [ce, ...ee] = fc.end;
      let cePos = offset;
      if (ce?.source === expectedEnd)
        cePos = ce.offset + ce.source.length;
      else {
        const name = fcName[0].toUpperCase() + fcName.substring(1);
        const msg = atRoot ? `${name} must end with a ${expectedEnd}` : `${name} in block collection must be sufficiently indented and end with a ${expectedEnd}`;
        onError(offset, atRoot ? "MISSING_CHAR" : "BAD_INDENT", msg);
        if (ce && ce.source.length !== 1)
          ee.unshift(ce);
      }
      if (ee.length > 0) {
        const end = resolveEnd.resolveEnd(ee, cePos, ctx.options.strict, onError);
        if (end.comment) {
          if (coll.comment)
            coll.comment += "\n" + end.comment;
          else
            coll.comment = end.comment;
        }
        coll.range = [fc.offset, cePos, end.offset];
      } else {
        coll.range = [fc.offset, cePos, cePos];
      }
      return coll;
    }
    exports.resolveFlowCollection = resolveFlowCollection;
  }
});

// node_modules/yaml/dist/compose/compose-collection.js
var require_compose_collection = __commonJS({
  "node_modules/yaml/dist/compose/compose-collection.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Scalar = require_Scalar();
    var YAMLMap = require_YAMLMap();
    var YAMLSeq = require_YAMLSeq();
    var resolveBlockMap = require_resolve_block_map();
    var resolveBlockSeq = require_resolve_block_seq();
    var resolveFlowCollection = require_resolve_flow_collection();
    function resolveCollection(CN, ctx, token, onError, tagName, tag) {
      const coll = token.type === "block-map" ? resolveBlockMap.resolveBlockMap(CN, ctx, token, onError, tag) : token.type === "block-seq" ? resolveBlockSeq.resolveBlockSeq(CN, ctx, token, onError, tag) : resolveFlowCollection.resolveFlowCollection(CN, ctx, token, onError, tag);
      const Coll = coll.constructor;
      if (tagName === "!" || tagName === Coll.tagName) {
        coll.tag = Coll.tagName;
        return coll;
      }
      if (tagName)
        coll.tag = tagName;
      return coll;
    }
    function composeCollection(CN, ctx, token, props, onError) {
      const tagToken = props.tag;
      const tagName = !tagToken ? null : ctx.directives.tagName(tagToken.source, (msg) => onError(tagToken, "TAG_RESOLVE_FAILED", msg));
      if (token.type === "block-seq") {
        const { anchor: anchor2, newlineAfterProp: nl } = props;
        const lastProp = anchor2 && tagToken ? anchor2.offset > tagToken.offset ? anchor2 : tagToken : anchor2 ?? tagToken;
        if (lastProp && (!nl || nl.offset < lastProp.offset)) {
          const message = "Missing newline after block sequence props";
          onError(lastProp, "MISSING_CHAR", message);
        }
      }
      const expType = token.type === "block-map" ? "map" : token.type === "block-seq" ? "seq" : token.start.source === "{" ? "map" : "seq";
      if (!tagToken || !tagName || tagName === "!" || tagName === YAMLMap.YAMLMap.tagName && expType === "map" || tagName === YAMLSeq.YAMLSeq.tagName && expType === "seq") {
        return resolveCollection(CN, ctx, token, onError, tagName);
      }
      let tag = ctx.schema.tags.find((t) => t.tag === tagName && t.collection === expType);
      if (!tag) {
        const kt = ctx.schema.knownTags[tagName];
        if (kt?.collection === expType) {
          ctx.schema.tags.push(Object.assign({}, kt, { default: false }));
          tag = kt;
        } else {
          if (kt) {
            onError(tagToken, "BAD_COLLECTION_TYPE", `${kt.tag} used for ${expType} collection, but expects ${kt.collection ?? "scalar"}`, true);
          } else {
            onError(tagToken, "TAG_RESOLVE_FAILED", `Unresolved tag: ${tagName}`, true);
          }
          return resolveCollection(CN, ctx, token, onError, tagName);
        }
      }
      const coll = resolveCollection(CN, ctx, token, onError, tagName, tag);
      const res = tag.resolve?.(coll, (msg) => onError(tagToken, "TAG_RESOLVE_FAILED", msg), ctx.options) ?? coll;
      const node2 = identity.isNode(res) ? res : new Scalar.Scalar(res);
      node2.range = coll.range;
      node2.tag = tagName;
      if (tag?.format)
        node2.format = tag.format;
      return node2;
    }
    exports.composeCollection = composeCollection;
  }
});

// node_modules/yaml/dist/compose/resolve-block-scalar.js
var require_resolve_block_scalar = __commonJS({
  "node_modules/yaml/dist/compose/resolve-block-scalar.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    function resolveBlockScalar(ctx, scalar, onError) {
      const start = scalar.offset;
      const header2 = parseBlockScalarHeader(scalar, ctx.options.strict, onError);
      if (!header2)
        return { value: "", type: null, comment: "", range: [start, start, start] };
      const type = header2.mode === ">" ? Scalar.Scalar.BLOCK_FOLDED : Scalar.Scalar.BLOCK_LITERAL;
      const lines = scalar.source ? splitLines2(scalar.source) : [];
      let chompStart = lines.length;
      for (let i = lines.length - 1; i >= 0; --i) {
        const content = lines[i][1];
        if (content === "" || content === "\r")
          chompStart = i;
        else
          break;
      }
      if (chompStart === 0) {
        const value2 = header2.chomp === "+" && lines.length > 0 ? "\n".repeat(Math.max(1, lines.length - 1)) : "";
        let end2 = start + header2.length;
        if (scalar.source)
          end2 += scalar.source.length;
        return { value: value2, type, comment: header2.comment, range: [start, end2, end2] };
      }
      let trimIndent = scalar.indent + header2.indent;
      let offset = scalar.offset + header2.length;
      let contentStart = 0;
      for (let i = 0; i < chompStart; ++i) {
        const [indent, content] = lines[i];
        if (content === "" || content === "\r") {
          if (header2.indent === 0 && indent.length > trimIndent)
            trimIndent = indent.length;
        } else {
          if (indent.length < trimIndent) {
            const message = "Block scalars with more-indented leading empty lines must use an explicit indentation indicator";
            onError(offset + indent.length, "MISSING_CHAR", message);
          }
          if (header2.indent === 0)
            trimIndent = indent.length;
          contentStart = i;
          if (trimIndent === 0 && !ctx.atRoot) {
            const message = "Block scalar values in collections must be indented";
            onError(offset, "BAD_INDENT", message);
          }
          break;
        }
        offset += indent.length + content.length + 1;
      }
      for (let i = lines.length - 1; i >= chompStart; --i) {
        if (lines[i][0].length > trimIndent)
          chompStart = i + 1;
      }
      let value = "";
      let sep = "";
      let prevMoreIndented = false;
      for (let i = 0; i < contentStart; ++i)
        value += lines[i][0].slice(trimIndent) + "\n";
      for (let i = contentStart; i < chompStart; ++i) {
        let [indent, content] = lines[i];
        offset += indent.length + content.length + 1;
        const crlf = content[content.length - 1] === "\r";
        if (crlf)
          content = content.slice(0, -1);
        if (content && indent.length < trimIndent) {
          const src = header2.indent ? "explicit indentation indicator" : "first line";
          const message = `Block scalar lines must not be less indented than their ${src}`;
          onError(offset - content.length - (crlf ? 2 : 1), "BAD_INDENT", message);
          indent = "";
        }
        if (type === Scalar.Scalar.BLOCK_LITERAL) {
          value += sep + indent.slice(trimIndent) + content;
          sep = "\n";
        } else if (indent.length > trimIndent || content[0] === "	") {
          if (sep === " ")
            sep = "\n";
          else if (!prevMoreIndented && sep === "\n")
            sep = "\n\n";
          value += sep + indent.slice(trimIndent) + content;
          sep = "\n";
          prevMoreIndented = true;
        } else if (content === "") {
          if (sep === "\n")
            value += "\n";
          else
            sep = "\n";
        } else {
          value += sep + content;
          sep = " ";
          prevMoreIndented = false;
        }
      }
      switch (header2.chomp) {
        case "-":
          break;
        case "+":
          for (let i = chompStart; i < lines.length; ++i)
            value += "\n" + lines[i][0].slice(trimIndent);
          if (value[value.length - 1] !== "\n")
            value += "\n";
          break;
        default:
          value += "\n";
      }
      const end = start + header2.length + scalar.source.length;
      return { value, type, comment: header2.comment, range: [start, end, end] };
    }
    function parseBlockScalarHeader({ offset, props }, strict, onError) {
      if (props[0].type !== "block-scalar-header") {
        onError(props[0], "IMPOSSIBLE", "Block scalar header not found");
        return null;
      }
      const { source } = props[0];
      const mode = source[0];
      let indent = 0;
      let chomp = "";
      let error2 = -1;
      for (let i = 1; i < source.length; ++i) {
        const ch = source[i];
        if (!chomp && (ch === "-" || ch === "+"))
          chomp = ch;
        else {
          const n = Number(ch);
          if (!indent && n)
            indent = n;
          else if (error2 === -1)
            error2 = offset + i;
        }
      }
      if (error2 !== -1)
        onError(error2, "UNEXPECTED_TOKEN", `Block scalar header includes extra characters: ${source}`);
      let hasSpace = false;
      let comment = "";
      let length = source.length;
      for (let i = 1; i < props.length; ++i) {
        const token = props[i];
        switch (token.type) {
          case "space":
            hasSpace = true;
          // fallthrough
          case "newline":
            length += token.source.length;
            break;
          case "comment":
            if (strict && !hasSpace) {
              const message = "Comments must be separated from other tokens by white space characters";
              onError(token, "MISSING_CHAR", message);
            }
            length += token.source.length;
            comment = token.source.substring(1);
            break;
          case "error":
            onError(token, "UNEXPECTED_TOKEN", token.message);
            length += token.source.length;
            break;
          /* istanbul ignore next should not happen */
          default: {
            const message = `Unexpected token in block scalar header: ${token.type}`;
            onError(token, "UNEXPECTED_TOKEN", message);
            const ts = token.source;
            if (ts && typeof ts === "string")
              length += ts.length;
          }
        }
      }
      return { mode, indent, chomp, comment, length };
    }
    function splitLines2(source) {
      const split = source.split(/\n( *)/);
      const first = split[0];
      const m = first.match(/^( *)/);
      const line0 = m?.[1] ? [m[1], first.slice(m[1].length)] : ["", first];
      const lines = [line0];
      for (let i = 1; i < split.length; i += 2)
        lines.push([split[i], split[i + 1]]);
      return lines;
    }
    exports.resolveBlockScalar = resolveBlockScalar;
  }
});

// node_modules/yaml/dist/compose/resolve-flow-scalar.js
var require_resolve_flow_scalar = __commonJS({
  "node_modules/yaml/dist/compose/resolve-flow-scalar.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var resolveEnd = require_resolve_end();
    function resolveFlowScalar(scalar, strict, onError) {
      const { offset, type, source, end } = scalar;
      let _type;
      let value;
      const _onError = (rel, code3, msg) => onError(offset + rel, code3, msg);
      switch (type) {
        case "scalar":
          _type = Scalar.Scalar.PLAIN;
          value = plainValue(source, _onError);
          break;
        case "single-quoted-scalar":
          _type = Scalar.Scalar.QUOTE_SINGLE;
          value = singleQuotedValue(source, _onError);
          break;
        case "double-quoted-scalar":
          _type = Scalar.Scalar.QUOTE_DOUBLE;
          value = doubleQuotedValue(source, _onError);
          break;
        /* istanbul ignore next should not happen */
        default:
          onError(scalar, "UNEXPECTED_TOKEN", `Expected a flow scalar value, but found: ${type}`);
          return {
            value: "",
            type: null,
            comment: "",
            range: [offset, offset + source.length, offset + source.length]
          };
      }
      const valueEnd = offset + source.length;
      const re = resolveEnd.resolveEnd(end, valueEnd, strict, onError);
      return {
        value,
        type: _type,
        comment: re.comment,
        range: [offset, valueEnd, re.offset]
      };
    }
    function plainValue(source, onError) {
      let badChar = "";
      switch (source[0]) {
        /* istanbul ignore next should not happen */
        case "	":
          badChar = "a tab character";
          break;
        case ",":
          badChar = "flow indicator character ,";
          break;
        case "%":
          badChar = "directive indicator character %";
          break;
        case "|":
        case ">": {
          badChar = `block scalar indicator ${source[0]}`;
          break;
        }
        case "@":
        case "`": {
          badChar = `reserved character ${source[0]}`;
          break;
        }
      }
      if (badChar)
        onError(0, "BAD_SCALAR_START", `Plain value cannot start with ${badChar}`);
      return unfoldLines(source);
    }
    function singleQuotedValue(source, onError) {
      if (source[source.length - 1] !== "'" || source.length === 1)
        onError(source.length, "MISSING_CHAR", "Missing closing 'quote");
      return unfoldLines(source.slice(1, -1)).replace(/''/g, "'");
    }
    function unfoldLines(source) {
      const line = /(.*?)\r?\n/sy;
      let match = line.exec(source);
      if (!match)
        return source;
      let trimEnd, trimBoth;
      try {
        trimEnd = new RegExp("(?<![ 	])[ 	]+$");
        trimBoth = new RegExp("^[ 	]+|(?<![ 	])[ 	]+$", "g");
      } catch {
        trimEnd = /[ \t]+$/;
        trimBoth = /^[ \t]+|[ \t]+$/g;
      }
      let res = match[1].replace(trimEnd, "");
      let sep = " ";
      let pos = line.lastIndex;
      while (match = line.exec(source)) {
        const lm = match[1].replace(trimBoth, "");
        if (lm === "") {
          if (sep === "\n")
            res += sep;
          else
            sep = "\n";
        } else {
          res += sep + lm;
          sep = " ";
        }
        pos = line.lastIndex;
      }
      const last2 = /[ \t]*(.*)/sy;
      last2.lastIndex = pos;
      match = last2.exec(source);
      return res + sep + (match?.[1] ?? "");
    }
    function doubleQuotedValue(source, onError) {
      let res = "";
      for (let i = 1; i < source.length - 1; ++i) {
        const ch = source[i];
        if (ch === "\r" && source[i + 1] === "\n")
          continue;
        if (ch === "\n") {
          const { fold, offset } = foldNewline(source, i);
          res += fold;
          i = offset;
        } else if (ch === "\\") {
          let next = source[++i];
          const cc = escapeCodes[next];
          if (cc)
            res += cc;
          else if (next === "\n") {
            next = source[i + 1];
            while (next === " " || next === "	")
              next = source[++i + 1];
          } else if (next === "\r" && source[i + 1] === "\n") {
            next = source[++i + 1];
            while (next === " " || next === "	")
              next = source[++i + 1];
          } else if (next === "x" || next === "u" || next === "U") {
            const length = next === "x" ? 2 : next === "u" ? 4 : 8;
            res += parseCharCode(source, i + 1, length, onError);
            i += length;
          } else {
            const raw = source.substr(i - 1, 2);
            onError(i - 1, "BAD_DQ_ESCAPE", `Invalid escape sequence ${raw}`);
            res += raw;
          }
        } else if (ch === " " || ch === "	") {
          const wsStart = i;
          let next = source[i + 1];
          while (next === " " || next === "	")
            next = source[++i + 1];
          if (next !== "\n" && !(next === "\r" && source[i + 2] === "\n"))
            res += i > wsStart ? source.slice(wsStart, i + 1) : ch;
        } else {
          res += ch;
        }
      }
      if (source[source.length - 1] !== '"' || source.length === 1)
        onError(source.length, "MISSING_CHAR", 'Missing closing "quote');
      return res;
    }
    function foldNewline(source, offset) {
      let fold = "";
      let ch = source[offset + 1];
      while (ch === " " || ch === "	" || ch === "\n" || ch === "\r") {
        if (ch === "\r" && source[offset + 2] !== "\n")
          break;
        if (ch === "\n")
          fold += "\n";
        offset += 1;
        ch = source[offset + 1];
      }
      if (!fold)
        fold = " ";
      return { fold, offset };
    }
    var escapeCodes = {
      "0": "\0",
      // null character
      a: "\x07",
      // bell character
      b: "\b",
      // backspace
      e: "\x1B",
      // escape character
      f: "\f",
      // form feed
      n: "\n",
      // line feed
      r: "\r",
      // carriage return
      t: "	",
      // horizontal tab
      v: "\v",
      // vertical tab
      N: "\x85",
      // Unicode next line
      _: "\xA0",
      // Unicode non-breaking space
      L: "\u2028",
      // Unicode line separator
      P: "\u2029",
      // Unicode paragraph separator
      " ": " ",
      '"': '"',
      "/": "/",
      "\\": "\\",
      "	": "	"
    };
    function parseCharCode(source, offset, length, onError) {
      const cc = source.substr(offset, length);
      const ok = cc.length === length && /^[0-9a-fA-F]+$/.test(cc);
      const code3 = ok ? parseInt(cc, 16) : NaN;
      try {
        return String.fromCodePoint(code3);
      } catch {
        const raw = source.substr(offset - 2, length + 2);
        onError(offset - 2, "BAD_DQ_ESCAPE", `Invalid escape sequence ${raw}`);
        return raw;
      }
    }
    exports.resolveFlowScalar = resolveFlowScalar;
  }
});

// node_modules/yaml/dist/compose/compose-scalar.js
var require_compose_scalar = __commonJS({
  "node_modules/yaml/dist/compose/compose-scalar.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Scalar = require_Scalar();
    var resolveBlockScalar = require_resolve_block_scalar();
    var resolveFlowScalar = require_resolve_flow_scalar();
    function composeScalar(ctx, token, tagToken, onError) {
      const { value, type, comment, range } = token.type === "block-scalar" ? resolveBlockScalar.resolveBlockScalar(ctx, token, onError) : resolveFlowScalar.resolveFlowScalar(token, ctx.options.strict, onError);
      const tagName = tagToken ? ctx.directives.tagName(tagToken.source, (msg) => onError(tagToken, "TAG_RESOLVE_FAILED", msg)) : null;
      let tag;
      if (ctx.options.stringKeys && ctx.atKey) {
        tag = ctx.schema[identity.SCALAR];
      } else if (tagName)
        tag = findScalarTagByName(ctx.schema, value, tagName, tagToken, onError);
      else if (token.type === "scalar")
        tag = findScalarTagByTest(ctx, value, token, onError);
      else
        tag = ctx.schema[identity.SCALAR];
      let scalar;
      try {
        const res = tag.resolve(value, (msg) => onError(tagToken ?? token, "TAG_RESOLVE_FAILED", msg), ctx.options);
        scalar = identity.isScalar(res) ? res : new Scalar.Scalar(res);
      } catch (error2) {
        const msg = error2 instanceof Error ? error2.message : String(error2);
        onError(tagToken ?? token, "TAG_RESOLVE_FAILED", msg);
        scalar = new Scalar.Scalar(value);
      }
      scalar.range = range;
      scalar.source = value;
      if (type)
        scalar.type = type;
      if (tagName)
        scalar.tag = tagName;
      if (tag.format)
        scalar.format = tag.format;
      if (comment)
        scalar.comment = comment;
      return scalar;
    }
    function findScalarTagByName(schema, value, tagName, tagToken, onError) {
      if (tagName === "!")
        return schema[identity.SCALAR];
      const matchWithTest = [];
      for (const tag of schema.tags) {
        if (!tag.collection && tag.tag === tagName) {
          if (tag.default && tag.test)
            matchWithTest.push(tag);
          else
            return tag;
        }
      }
      for (const tag of matchWithTest)
        if (tag.test?.test(value))
          return tag;
      const kt = schema.knownTags[tagName];
      if (kt && !kt.collection) {
        schema.tags.push(Object.assign({}, kt, { default: false, test: void 0 }));
        return kt;
      }
      onError(tagToken, "TAG_RESOLVE_FAILED", `Unresolved tag: ${tagName}`, tagName !== "tag:yaml.org,2002:str");
      return schema[identity.SCALAR];
    }
    function findScalarTagByTest({ atKey, directives, schema }, value, token, onError) {
      const tag = schema.tags.find((tag2) => (tag2.default === true || atKey && tag2.default === "key") && tag2.test?.test(value)) || schema[identity.SCALAR];
      if (schema.compat) {
        const compat = schema.compat.find((tag2) => tag2.default && tag2.test?.test(value)) ?? schema[identity.SCALAR];
        if (tag.tag !== compat.tag) {
          const ts = directives.tagString(tag.tag);
          const cs = directives.tagString(compat.tag);
          const msg = `Value may be parsed as either ${ts} or ${cs}`;
          onError(token, "TAG_RESOLVE_FAILED", msg, true);
        }
      }
      return tag;
    }
    exports.composeScalar = composeScalar;
  }
});

// node_modules/yaml/dist/compose/util-empty-scalar-position.js
var require_util_empty_scalar_position = __commonJS({
  "node_modules/yaml/dist/compose/util-empty-scalar-position.js"(exports) {
    "use strict";
    function emptyScalarPosition(offset, before, pos) {
      if (before) {
        pos ?? (pos = before.length);
        for (let i = pos - 1; i >= 0; --i) {
          let st = before[i];
          switch (st.type) {
            case "space":
            case "comment":
            case "newline":
              offset -= st.source.length;
              continue;
          }
          st = before[++i];
          while (st?.type === "space") {
            offset += st.source.length;
            st = before[++i];
          }
          break;
        }
      }
      return offset;
    }
    exports.emptyScalarPosition = emptyScalarPosition;
  }
});

// node_modules/yaml/dist/compose/compose-node.js
var require_compose_node = __commonJS({
  "node_modules/yaml/dist/compose/compose-node.js"(exports) {
    "use strict";
    var Alias = require_Alias();
    var identity = require_identity();
    var composeCollection = require_compose_collection();
    var composeScalar = require_compose_scalar();
    var resolveEnd = require_resolve_end();
    var utilEmptyScalarPosition = require_util_empty_scalar_position();
    var CN = { composeNode, composeEmptyNode };
    function composeNode(ctx, token, props, onError) {
      const atKey = ctx.atKey;
      const { spaceBefore, comment, anchor: anchor2, tag } = props;
      let node2;
      let isSrcToken = true;
      switch (token.type) {
        case "alias":
          node2 = composeAlias(ctx, token, onError);
          if (anchor2 || tag)
            onError(token, "ALIAS_PROPS", "An alias node must not specify any properties");
          break;
        case "scalar":
        case "single-quoted-scalar":
        case "double-quoted-scalar":
        case "block-scalar":
          node2 = composeScalar.composeScalar(ctx, token, tag, onError);
          if (anchor2)
            node2.anchor = anchor2.source.substring(1);
          break;
        case "block-map":
        case "block-seq":
        case "flow-collection":
          try {
            node2 = composeCollection.composeCollection(CN, ctx, token, props, onError);
            if (anchor2)
              node2.anchor = anchor2.source.substring(1);
          } catch (error2) {
            const message = error2 instanceof Error ? error2.message : String(error2);
            onError(token, "RESOURCE_EXHAUSTION", message);
          }
          break;
        default: {
          const message = token.type === "error" ? token.message : `Unsupported token (type: ${token.type})`;
          onError(token, "UNEXPECTED_TOKEN", message);
          isSrcToken = false;
        }
      }
      node2 ?? (node2 = composeEmptyNode(ctx, token.offset, void 0, null, props, onError));
      if (anchor2 && node2.anchor === "")
        onError(anchor2, "BAD_ALIAS", "Anchor cannot be an empty string");
      if (atKey && ctx.options.stringKeys && (!identity.isScalar(node2) || typeof node2.value !== "string" || node2.tag && node2.tag !== "tag:yaml.org,2002:str")) {
        const msg = "With stringKeys, all keys must be strings";
        onError(tag ?? token, "NON_STRING_KEY", msg);
      }
      if (spaceBefore)
        node2.spaceBefore = true;
      if (comment) {
        if (token.type === "scalar" && token.source === "")
          node2.comment = comment;
        else
          node2.commentBefore = comment;
      }
      if (ctx.options.keepSourceTokens && isSrcToken)
        node2.srcToken = token;
      return node2;
    }
    function composeEmptyNode(ctx, offset, before, pos, { spaceBefore, comment, anchor: anchor2, tag, end }, onError) {
      const token = {
        type: "scalar",
        offset: utilEmptyScalarPosition.emptyScalarPosition(offset, before, pos),
        indent: -1,
        source: ""
      };
      const node2 = composeScalar.composeScalar(ctx, token, tag, onError);
      if (anchor2) {
        node2.anchor = anchor2.source.substring(1);
        if (node2.anchor === "")
          onError(anchor2, "BAD_ALIAS", "Anchor cannot be an empty string");
      }
      if (spaceBefore)
        node2.spaceBefore = true;
      if (comment) {
        node2.comment = comment;
        node2.range[2] = end;
      }
      return node2;
    }
    function composeAlias({ options }, { offset, source, end }, onError) {
      const alias = new Alias.Alias(source.substring(1));
      if (alias.source === "")
        onError(offset, "BAD_ALIAS", "Alias cannot be an empty string");
      if (alias.source.endsWith(":"))
        onError(offset + source.length - 1, "BAD_ALIAS", "Alias ending in : is ambiguous", true);
      const valueEnd = offset + source.length;
      const re = resolveEnd.resolveEnd(end, valueEnd, options.strict, onError);
      alias.range = [offset, valueEnd, re.offset];
      if (re.comment)
        alias.comment = re.comment;
      return alias;
    }
    exports.composeEmptyNode = composeEmptyNode;
    exports.composeNode = composeNode;
  }
});

// node_modules/yaml/dist/compose/compose-doc.js
var require_compose_doc = __commonJS({
  "node_modules/yaml/dist/compose/compose-doc.js"(exports) {
    "use strict";
    var Document = require_Document();
    var composeNode = require_compose_node();
    var resolveEnd = require_resolve_end();
    var resolveProps = require_resolve_props();
    function composeDoc(options, directives, { offset, start, value, end }, onError) {
      const opts = Object.assign({ _directives: directives }, options);
      const doc = new Document.Document(void 0, opts);
      const ctx = {
        atKey: false,
        atRoot: true,
        directives: doc.directives,
        options: doc.options,
        schema: doc.schema
      };
      const props = resolveProps.resolveProps(start, {
        indicator: "doc-start",
        next: value ?? end?.[0],
        offset,
        onError,
        parentIndent: 0,
        startOnNewline: true
      });
      if (props.found) {
        doc.directives.docStart = true;
        if (value && (value.type === "block-map" || value.type === "block-seq") && !props.hasNewline)
          onError(props.end, "MISSING_CHAR", "Block collection cannot start on same line with directives-end marker");
      }
      doc.contents = value ? composeNode.composeNode(ctx, value, props, onError) : composeNode.composeEmptyNode(ctx, props.end, start, null, props, onError);
      const contentEnd = doc.contents.range[2];
      const re = resolveEnd.resolveEnd(end, contentEnd, false, onError);
      if (re.comment)
        doc.comment = re.comment;
      doc.range = [offset, contentEnd, re.offset];
      return doc;
    }
    exports.composeDoc = composeDoc;
  }
});

// node_modules/yaml/dist/compose/composer.js
var require_composer = __commonJS({
  "node_modules/yaml/dist/compose/composer.js"(exports) {
    "use strict";
    var node_process = __require("process");
    var directives = require_directives();
    var Document = require_Document();
    var errors = require_errors();
    var identity = require_identity();
    var composeDoc = require_compose_doc();
    var resolveEnd = require_resolve_end();
    function getErrorPos(src) {
      if (typeof src === "number")
        return [src, src + 1];
      if (Array.isArray(src))
        return src.length === 2 ? src : [src[0], src[1]];
      const { offset, source } = src;
      return [offset, offset + (typeof source === "string" ? source.length : 1)];
    }
    function parsePrelude(prelude) {
      let comment = "";
      let atComment = false;
      let afterEmptyLine = false;
      for (let i = 0; i < prelude.length; ++i) {
        const source = prelude[i];
        switch (source[0]) {
          case "#":
            comment += (comment === "" ? "" : afterEmptyLine ? "\n\n" : "\n") + (source.substring(1) || " ");
            atComment = true;
            afterEmptyLine = false;
            break;
          case "%":
            if (prelude[i + 1]?.[0] !== "#")
              i += 1;
            atComment = false;
            break;
          default:
            if (!atComment)
              afterEmptyLine = true;
            atComment = false;
        }
      }
      return { comment, afterEmptyLine };
    }
    var Composer = class {
      constructor(options = {}) {
        this.doc = null;
        this.atDirectives = false;
        this.prelude = [];
        this.errors = [];
        this.warnings = [];
        this.onError = (source, code3, message, warning) => {
          const pos = getErrorPos(source);
          if (warning)
            this.warnings.push(new errors.YAMLWarning(pos, code3, message));
          else
            this.errors.push(new errors.YAMLParseError(pos, code3, message));
        };
        this.directives = new directives.Directives({ version: options.version || "1.2" });
        this.options = options;
      }
      decorate(doc, afterDoc) {
        const { comment, afterEmptyLine } = parsePrelude(this.prelude);
        if (comment) {
          const dc = doc.contents;
          if (afterDoc) {
            doc.comment = doc.comment ? `${doc.comment}
${comment}` : comment;
          } else if (afterEmptyLine || doc.directives.docStart || !dc) {
            doc.commentBefore = comment;
          } else if (identity.isCollection(dc) && !dc.flow && dc.items.length > 0) {
            let it = dc.items[0];
            if (identity.isPair(it))
              it = it.key;
            const cb = it.commentBefore;
            it.commentBefore = cb ? `${comment}
${cb}` : comment;
          } else {
            const cb = dc.commentBefore;
            dc.commentBefore = cb ? `${comment}
${cb}` : comment;
          }
        }
        if (afterDoc) {
          for (let i = 0; i < this.errors.length; ++i)
            doc.errors.push(this.errors[i]);
          for (let i = 0; i < this.warnings.length; ++i)
            doc.warnings.push(this.warnings[i]);
        } else {
          doc.errors = this.errors;
          doc.warnings = this.warnings;
        }
        this.prelude = [];
        this.errors = [];
        this.warnings = [];
      }
      /**
       * Current stream status information.
       *
       * Mostly useful at the end of input for an empty stream.
       */
      streamInfo() {
        return {
          comment: parsePrelude(this.prelude).comment,
          directives: this.directives,
          errors: this.errors,
          warnings: this.warnings
        };
      }
      /**
       * Compose tokens into documents.
       *
       * @param forceDoc - If the stream contains no document, still emit a final document including any comments and directives that would be applied to a subsequent document.
       * @param endOffset - Should be set if `forceDoc` is also set, to set the document range end and to indicate errors correctly.
       */
      *compose(tokens, forceDoc = false, endOffset = -1) {
        for (const token of tokens)
          yield* this.next(token);
        yield* this.end(forceDoc, endOffset);
      }
      /** Advance the composer by one CST token. */
      *next(token) {
        if (node_process.env.LOG_STREAM)
          console.dir(token, { depth: null });
        switch (token.type) {
          case "directive":
            this.directives.add(token.source, (offset, message, warning) => {
              const pos = getErrorPos(token);
              pos[0] += offset;
              this.onError(pos, "BAD_DIRECTIVE", message, warning);
            });
            this.prelude.push(token.source);
            this.atDirectives = true;
            break;
          case "document": {
            const doc = composeDoc.composeDoc(this.options, this.directives, token, this.onError);
            if (this.atDirectives && !doc.directives.docStart)
              this.onError(token, "MISSING_CHAR", "Missing directives-end/doc-start indicator line");
            this.decorate(doc, false);
            if (this.doc)
              yield this.doc;
            this.doc = doc;
            this.atDirectives = false;
            break;
          }
          case "byte-order-mark":
          case "space":
            break;
          case "comment":
          case "newline":
            this.prelude.push(token.source);
            break;
          case "error": {
            const msg = token.source ? `${token.message}: ${JSON.stringify(token.source)}` : token.message;
            const error2 = new errors.YAMLParseError(getErrorPos(token), "UNEXPECTED_TOKEN", msg);
            if (this.atDirectives || !this.doc)
              this.errors.push(error2);
            else
              this.doc.errors.push(error2);
            break;
          }
          case "doc-end": {
            if (!this.doc) {
              const msg = "Unexpected doc-end without preceding document";
              this.errors.push(new errors.YAMLParseError(getErrorPos(token), "UNEXPECTED_TOKEN", msg));
              break;
            }
            this.doc.directives.docEnd = true;
            const end = resolveEnd.resolveEnd(token.end, token.offset + token.source.length, this.doc.options.strict, this.onError);
            this.decorate(this.doc, true);
            if (end.comment) {
              const dc = this.doc.comment;
              this.doc.comment = dc ? `${dc}
${end.comment}` : end.comment;
            }
            this.doc.range[2] = end.offset;
            break;
          }
          default:
            this.errors.push(new errors.YAMLParseError(getErrorPos(token), "UNEXPECTED_TOKEN", `Unsupported token ${token.type}`));
        }
      }
      /**
       * Call at end of input to yield any remaining document.
       *
       * @param forceDoc - If the stream contains no document, still emit a final document including any comments and directives that would be applied to a subsequent document.
       * @param endOffset - Should be set if `forceDoc` is also set, to set the document range end and to indicate errors correctly.
       */
      *end(forceDoc = false, endOffset = -1) {
        if (this.doc) {
          this.decorate(this.doc, true);
          yield this.doc;
          this.doc = null;
        } else if (forceDoc) {
          const opts = Object.assign({ _directives: this.directives }, this.options);
          const doc = new Document.Document(void 0, opts);
          if (this.atDirectives)
            this.onError(endOffset, "MISSING_CHAR", "Missing directives-end indicator line");
          doc.range = [0, endOffset, endOffset];
          this.decorate(doc, false);
          yield doc;
        }
      }
    };
    exports.Composer = Composer;
  }
});

// node_modules/yaml/dist/parse/cst-scalar.js
var require_cst_scalar = __commonJS({
  "node_modules/yaml/dist/parse/cst-scalar.js"(exports) {
    "use strict";
    var resolveBlockScalar = require_resolve_block_scalar();
    var resolveFlowScalar = require_resolve_flow_scalar();
    var errors = require_errors();
    var stringifyString = require_stringifyString();
    function resolveAsScalar(token, strict = true, onError) {
      if (token) {
        const _onError = (pos, code3, message) => {
          const offset = typeof pos === "number" ? pos : Array.isArray(pos) ? pos[0] : pos.offset;
          if (onError)
            onError(offset, code3, message);
          else
            throw new errors.YAMLParseError([offset, offset + 1], code3, message);
        };
        switch (token.type) {
          case "scalar":
          case "single-quoted-scalar":
          case "double-quoted-scalar":
            return resolveFlowScalar.resolveFlowScalar(token, strict, _onError);
          case "block-scalar":
            return resolveBlockScalar.resolveBlockScalar({ options: { strict } }, token, _onError);
        }
      }
      return null;
    }
    function createScalarToken(value, context) {
      const { implicitKey = false, indent, inFlow = false, offset = -1, type = "PLAIN" } = context;
      const source = stringifyString.stringifyString({ type, value }, {
        implicitKey,
        indent: indent > 0 ? " ".repeat(indent) : "",
        inFlow,
        options: { blockQuote: true, lineWidth: -1 }
      });
      const end = context.end ?? [
        { type: "newline", offset: -1, indent, source: "\n" }
      ];
      switch (source[0]) {
        case "|":
        case ">": {
          const he = source.indexOf("\n");
          const head = source.substring(0, he);
          const body = source.substring(he + 1) + "\n";
          const props = [
            { type: "block-scalar-header", offset, indent, source: head }
          ];
          if (!addEndtoBlockProps(props, end))
            props.push({ type: "newline", offset: -1, indent, source: "\n" });
          return { type: "block-scalar", offset, indent, props, source: body };
        }
        case '"':
          return { type: "double-quoted-scalar", offset, indent, source, end };
        case "'":
          return { type: "single-quoted-scalar", offset, indent, source, end };
        default:
          return { type: "scalar", offset, indent, source, end };
      }
    }
    function setScalarValue(token, value, context = {}) {
      let { afterKey = false, implicitKey = false, inFlow = false, type } = context;
      let indent = "indent" in token ? token.indent : null;
      if (afterKey && typeof indent === "number")
        indent += 2;
      if (!type)
        switch (token.type) {
          case "single-quoted-scalar":
            type = "QUOTE_SINGLE";
            break;
          case "double-quoted-scalar":
            type = "QUOTE_DOUBLE";
            break;
          case "block-scalar": {
            const header2 = token.props[0];
            if (header2.type !== "block-scalar-header")
              throw new Error("Invalid block scalar header");
            type = header2.source[0] === ">" ? "BLOCK_FOLDED" : "BLOCK_LITERAL";
            break;
          }
          default:
            type = "PLAIN";
        }
      const source = stringifyString.stringifyString({ type, value }, {
        implicitKey: implicitKey || indent === null,
        indent: indent !== null && indent > 0 ? " ".repeat(indent) : "",
        inFlow,
        options: { blockQuote: true, lineWidth: -1 }
      });
      switch (source[0]) {
        case "|":
        case ">":
          setBlockScalarValue(token, source);
          break;
        case '"':
          setFlowScalarValue(token, source, "double-quoted-scalar");
          break;
        case "'":
          setFlowScalarValue(token, source, "single-quoted-scalar");
          break;
        default:
          setFlowScalarValue(token, source, "scalar");
      }
    }
    function setBlockScalarValue(token, source) {
      const he = source.indexOf("\n");
      const head = source.substring(0, he);
      const body = source.substring(he + 1) + "\n";
      if (token.type === "block-scalar") {
        const header2 = token.props[0];
        if (header2.type !== "block-scalar-header")
          throw new Error("Invalid block scalar header");
        header2.source = head;
        token.source = body;
      } else {
        const { offset } = token;
        const indent = "indent" in token ? token.indent : -1;
        const props = [
          { type: "block-scalar-header", offset, indent, source: head }
        ];
        if (!addEndtoBlockProps(props, "end" in token ? token.end : void 0))
          props.push({ type: "newline", offset: -1, indent, source: "\n" });
        for (const key of Object.keys(token))
          if (key !== "type" && key !== "offset")
            delete token[key];
        Object.assign(token, { type: "block-scalar", indent, props, source: body });
      }
    }
    function addEndtoBlockProps(props, end) {
      if (end)
        for (const st of end)
          switch (st.type) {
            case "space":
            case "comment":
              props.push(st);
              break;
            case "newline":
              props.push(st);
              return true;
          }
      return false;
    }
    function setFlowScalarValue(token, source, type) {
      switch (token.type) {
        case "scalar":
        case "double-quoted-scalar":
        case "single-quoted-scalar":
          token.type = type;
          token.source = source;
          break;
        case "block-scalar": {
          const end = token.props.slice(1);
          let oa = source.length;
          if (token.props[0].type === "block-scalar-header")
            oa -= token.props[0].source.length;
          for (const tok of end)
            tok.offset += oa;
          delete token.props;
          Object.assign(token, { type, source, end });
          break;
        }
        case "block-map":
        case "block-seq": {
          const offset = token.offset + source.length;
          const nl = { type: "newline", offset, indent: token.indent, source: "\n" };
          delete token.items;
          Object.assign(token, { type, source, end: [nl] });
          break;
        }
        default: {
          const indent = "indent" in token ? token.indent : -1;
          const end = "end" in token && Array.isArray(token.end) ? token.end.filter((st) => st.type === "space" || st.type === "comment" || st.type === "newline") : [];
          for (const key of Object.keys(token))
            if (key !== "type" && key !== "offset")
              delete token[key];
          Object.assign(token, { type, indent, source, end });
        }
      }
    }
    exports.createScalarToken = createScalarToken;
    exports.resolveAsScalar = resolveAsScalar;
    exports.setScalarValue = setScalarValue;
  }
});

// node_modules/yaml/dist/parse/cst-stringify.js
var require_cst_stringify = __commonJS({
  "node_modules/yaml/dist/parse/cst-stringify.js"(exports) {
    "use strict";
    var stringify = (cst) => "type" in cst ? stringifyToken(cst) : stringifyItem(cst);
    function stringifyToken(token) {
      switch (token.type) {
        case "block-scalar": {
          let res = "";
          for (const tok of token.props)
            res += stringifyToken(tok);
          return res + token.source;
        }
        case "block-map":
        case "block-seq": {
          let res = "";
          for (const item of token.items)
            res += stringifyItem(item);
          return res;
        }
        case "flow-collection": {
          let res = token.start.source;
          for (const item of token.items)
            res += stringifyItem(item);
          for (const st of token.end)
            res += st.source;
          return res;
        }
        case "document": {
          let res = stringifyItem(token);
          if (token.end)
            for (const st of token.end)
              res += st.source;
          return res;
        }
        default: {
          let res = token.source;
          if ("end" in token && token.end)
            for (const st of token.end)
              res += st.source;
          return res;
        }
      }
    }
    function stringifyItem({ start, key, sep, value }) {
      let res = "";
      for (const st of start)
        res += st.source;
      if (key)
        res += stringifyToken(key);
      if (sep)
        for (const st of sep)
          res += st.source;
      if (value)
        res += stringifyToken(value);
      return res;
    }
    exports.stringify = stringify;
  }
});

// node_modules/yaml/dist/parse/cst-visit.js
var require_cst_visit = __commonJS({
  "node_modules/yaml/dist/parse/cst-visit.js"(exports) {
    "use strict";
    var BREAK = /* @__PURE__ */ Symbol("break visit");
    var SKIP = /* @__PURE__ */ Symbol("skip children");
    var REMOVE = /* @__PURE__ */ Symbol("remove item");
    function visit(cst, visitor) {
      if ("type" in cst && cst.type === "document")
        cst = { start: cst.start, value: cst.value };
      _visit(Object.freeze([]), cst, visitor);
    }
    visit.BREAK = BREAK;
    visit.SKIP = SKIP;
    visit.REMOVE = REMOVE;
    visit.itemAtPath = (cst, path) => {
      let item = cst;
      for (const [field, index] of path) {
        const tok = item?.[field];
        if (tok && "items" in tok) {
          item = tok.items[index];
        } else
          return void 0;
      }
      return item;
    };
    visit.parentCollection = (cst, path) => {
      const parent = visit.itemAtPath(cst, path.slice(0, -1));
      const field = path[path.length - 1][0];
      const coll = parent?.[field];
      if (coll && "items" in coll)
        return coll;
      throw new Error("Parent collection not found");
    };
    function _visit(path, item, visitor) {
      let ctrl = visitor(item, path);
      if (typeof ctrl === "symbol")
        return ctrl;
      for (const field of ["key", "value"]) {
        const token = item[field];
        if (token && "items" in token) {
          for (let i = 0; i < token.items.length; ++i) {
            const ci = _visit(Object.freeze(path.concat([[field, i]])), token.items[i], visitor);
            if (typeof ci === "number")
              i = ci - 1;
            else if (ci === BREAK)
              return BREAK;
            else if (ci === REMOVE) {
              token.items.splice(i, 1);
              i -= 1;
            }
          }
          if (typeof ctrl === "function" && field === "key")
            ctrl = ctrl(item, path);
        }
      }
      return typeof ctrl === "function" ? ctrl(item, path) : ctrl;
    }
    exports.visit = visit;
  }
});

// node_modules/yaml/dist/parse/cst.js
var require_cst = __commonJS({
  "node_modules/yaml/dist/parse/cst.js"(exports) {
    "use strict";
    var cstScalar = require_cst_scalar();
    var cstStringify = require_cst_stringify();
    var cstVisit = require_cst_visit();
    var BOM = "\uFEFF";
    var DOCUMENT = "";
    var FLOW_END = "";
    var SCALAR = "";
    var isCollection = (token) => !!token && "items" in token;
    var isScalar = (token) => !!token && (token.type === "scalar" || token.type === "single-quoted-scalar" || token.type === "double-quoted-scalar" || token.type === "block-scalar");
    function prettyToken(token) {
      switch (token) {
        case BOM:
          return "<BOM>";
        case DOCUMENT:
          return "<DOC>";
        case FLOW_END:
          return "<FLOW_END>";
        case SCALAR:
          return "<SCALAR>";
        default:
          return JSON.stringify(token);
      }
    }
    function tokenType(source) {
      switch (source) {
        case BOM:
          return "byte-order-mark";
        case DOCUMENT:
          return "doc-mode";
        case FLOW_END:
          return "flow-error-end";
        case SCALAR:
          return "scalar";
        case "---":
          return "doc-start";
        case "...":
          return "doc-end";
        case "":
        case "\n":
        case "\r\n":
          return "newline";
        case "-":
          return "seq-item-ind";
        case "?":
          return "explicit-key-ind";
        case ":":
          return "map-value-ind";
        case "{":
          return "flow-map-start";
        case "}":
          return "flow-map-end";
        case "[":
          return "flow-seq-start";
        case "]":
          return "flow-seq-end";
        case ",":
          return "comma";
      }
      switch (source[0]) {
        case " ":
        case "	":
          return "space";
        case "#":
          return "comment";
        case "%":
          return "directive-line";
        case "*":
          return "alias";
        case "&":
          return "anchor";
        case "!":
          return "tag";
        case "'":
          return "single-quoted-scalar";
        case '"':
          return "double-quoted-scalar";
        case "|":
        case ">":
          return "block-scalar-header";
      }
      return null;
    }
    exports.createScalarToken = cstScalar.createScalarToken;
    exports.resolveAsScalar = cstScalar.resolveAsScalar;
    exports.setScalarValue = cstScalar.setScalarValue;
    exports.stringify = cstStringify.stringify;
    exports.visit = cstVisit.visit;
    exports.BOM = BOM;
    exports.DOCUMENT = DOCUMENT;
    exports.FLOW_END = FLOW_END;
    exports.SCALAR = SCALAR;
    exports.isCollection = isCollection;
    exports.isScalar = isScalar;
    exports.prettyToken = prettyToken;
    exports.tokenType = tokenType;
  }
});

// node_modules/yaml/dist/parse/lexer.js
var require_lexer = __commonJS({
  "node_modules/yaml/dist/parse/lexer.js"(exports) {
    "use strict";
    var cst = require_cst();
    function isEmpty(ch) {
      switch (ch) {
        case void 0:
        case " ":
        case "\n":
        case "\r":
        case "	":
          return true;
        default:
          return false;
      }
    }
    var hexDigits = new Set("0123456789ABCDEFabcdef");
    var tagChars = new Set("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-#;/?:@&=+$_.!~*'()");
    var flowIndicatorChars = new Set(",[]{}");
    var invalidAnchorChars = new Set(" ,[]{}\n\r	");
    var isNotAnchorChar = (ch) => !ch || invalidAnchorChars.has(ch);
    var Lexer = class {
      constructor() {
        this.atEnd = false;
        this.blockScalarIndent = -1;
        this.blockScalarKeep = false;
        this.buffer = "";
        this.flowKey = false;
        this.flowLevel = 0;
        this.indentNext = 0;
        this.indentValue = 0;
        this.lineEndPos = null;
        this.next = null;
        this.pos = 0;
      }
      /**
       * Generate YAML tokens from the `source` string. If `incomplete`,
       * a part of the last line may be left as a buffer for the next call.
       *
       * @returns A generator of lexical tokens
       */
      *lex(source, incomplete = false) {
        if (source) {
          if (typeof source !== "string")
            throw TypeError("source is not a string");
          this.buffer = this.buffer ? this.buffer + source : source;
          this.lineEndPos = null;
        }
        this.atEnd = !incomplete;
        let next = this.next ?? "stream";
        while (next && (incomplete || this.hasChars(1)))
          next = yield* this.parseNext(next);
      }
      atLineEnd() {
        let i = this.pos;
        let ch = this.buffer[i];
        while (ch === " " || ch === "	")
          ch = this.buffer[++i];
        if (!ch || ch === "#" || ch === "\n")
          return true;
        if (ch === "\r")
          return this.buffer[i + 1] === "\n";
        return false;
      }
      charAt(n) {
        return this.buffer[this.pos + n];
      }
      continueScalar(offset) {
        let ch = this.buffer[offset];
        if (this.indentNext > 0) {
          let indent = 0;
          while (ch === " ")
            ch = this.buffer[++indent + offset];
          if (ch === "\r") {
            const next = this.buffer[indent + offset + 1];
            if (next === "\n" || !next && !this.atEnd)
              return offset + indent + 1;
          }
          return ch === "\n" || indent >= this.indentNext || !ch && !this.atEnd ? offset + indent : -1;
        }
        if (ch === "-" || ch === ".") {
          const dt = this.buffer.substr(offset, 3);
          if ((dt === "---" || dt === "...") && isEmpty(this.buffer[offset + 3]))
            return -1;
        }
        return offset;
      }
      getLine() {
        let end = this.lineEndPos;
        if (typeof end !== "number" || end !== -1 && end < this.pos) {
          end = this.buffer.indexOf("\n", this.pos);
          this.lineEndPos = end;
        }
        if (end === -1)
          return this.atEnd ? this.buffer.substring(this.pos) : null;
        if (this.buffer[end - 1] === "\r")
          end -= 1;
        return this.buffer.substring(this.pos, end);
      }
      hasChars(n) {
        return this.pos + n <= this.buffer.length;
      }
      setNext(state) {
        this.buffer = this.buffer.substring(this.pos);
        this.pos = 0;
        this.lineEndPos = null;
        this.next = state;
        return null;
      }
      peek(n) {
        return this.buffer.substr(this.pos, n);
      }
      *parseNext(next) {
        switch (next) {
          case "stream":
            return yield* this.parseStream();
          case "line-start":
            return yield* this.parseLineStart();
          case "block-start":
            return yield* this.parseBlockStart();
          case "doc":
            return yield* this.parseDocument();
          case "flow":
            return yield* this.parseFlowCollection();
          case "quoted-scalar":
            return yield* this.parseQuotedScalar();
          case "block-scalar":
            return yield* this.parseBlockScalar();
          case "plain-scalar":
            return yield* this.parsePlainScalar();
        }
      }
      *parseStream() {
        let line = this.getLine();
        if (line === null)
          return this.setNext("stream");
        if (line[0] === cst.BOM) {
          yield* this.pushCount(1);
          line = line.substring(1);
        }
        if (line[0] === "%") {
          let dirEnd = line.length;
          let cs = line.indexOf("#");
          while (cs !== -1) {
            const ch = line[cs - 1];
            if (ch === " " || ch === "	") {
              dirEnd = cs - 1;
              break;
            } else {
              cs = line.indexOf("#", cs + 1);
            }
          }
          while (true) {
            const ch = line[dirEnd - 1];
            if (ch === " " || ch === "	")
              dirEnd -= 1;
            else
              break;
          }
          const n = (yield* this.pushCount(dirEnd)) + (yield* this.pushSpaces(true));
          yield* this.pushCount(line.length - n);
          this.pushNewline();
          return "stream";
        }
        if (this.atLineEnd()) {
          const sp = yield* this.pushSpaces(true);
          yield* this.pushCount(line.length - sp);
          yield* this.pushNewline();
          return "stream";
        }
        yield cst.DOCUMENT;
        return yield* this.parseLineStart();
      }
      *parseLineStart() {
        const ch = this.charAt(0);
        if (!ch && !this.atEnd)
          return this.setNext("line-start");
        if (ch === "-" || ch === ".") {
          if (!this.atEnd && !this.hasChars(4))
            return this.setNext("line-start");
          const s = this.peek(3);
          if ((s === "---" || s === "...") && isEmpty(this.charAt(3))) {
            yield* this.pushCount(3);
            this.indentValue = 0;
            this.indentNext = 0;
            return s === "---" ? "doc" : "stream";
          }
        }
        this.indentValue = yield* this.pushSpaces(false);
        if (this.indentNext > this.indentValue && !isEmpty(this.charAt(1)))
          this.indentNext = this.indentValue;
        return yield* this.parseBlockStart();
      }
      *parseBlockStart() {
        const [ch0, ch1] = this.peek(2);
        if (!ch1 && !this.atEnd)
          return this.setNext("block-start");
        if ((ch0 === "-" || ch0 === "?" || ch0 === ":") && isEmpty(ch1)) {
          const n = (yield* this.pushCount(1)) + (yield* this.pushSpaces(true));
          this.indentNext = this.indentValue + 1;
          this.indentValue += n;
          return "block-start";
        }
        return "doc";
      }
      *parseDocument() {
        yield* this.pushSpaces(true);
        const line = this.getLine();
        if (line === null)
          return this.setNext("doc");
        let n = yield* this.pushIndicators();
        switch (line[n]) {
          case "#":
            yield* this.pushCount(line.length - n);
          // fallthrough
          case void 0:
            yield* this.pushNewline();
            return yield* this.parseLineStart();
          case "{":
          case "[":
            yield* this.pushCount(1);
            this.flowKey = false;
            this.flowLevel = 1;
            return "flow";
          case "}":
          case "]":
            yield* this.pushCount(1);
            return "doc";
          case "*":
            yield* this.pushUntil(isNotAnchorChar);
            return "doc";
          case '"':
          case "'":
            return yield* this.parseQuotedScalar();
          case "|":
          case ">":
            n += yield* this.parseBlockScalarHeader();
            n += yield* this.pushSpaces(true);
            yield* this.pushCount(line.length - n);
            yield* this.pushNewline();
            return yield* this.parseBlockScalar();
          default:
            return yield* this.parsePlainScalar();
        }
      }
      *parseFlowCollection() {
        let nl, sp;
        let indent = -1;
        do {
          nl = yield* this.pushNewline();
          if (nl > 0) {
            sp = yield* this.pushSpaces(false);
            this.indentValue = indent = sp;
          } else {
            sp = 0;
          }
          sp += yield* this.pushSpaces(true);
        } while (nl + sp > 0);
        const line = this.getLine();
        if (line === null)
          return this.setNext("flow");
        if (indent !== -1 && indent < this.indentNext && line[0] !== "#" || indent === 0 && (line.startsWith("---") || line.startsWith("...")) && isEmpty(line[3])) {
          const atFlowEndMarker = indent === this.indentNext - 1 && this.flowLevel === 1 && (line[0] === "]" || line[0] === "}");
          if (!atFlowEndMarker) {
            this.flowLevel = 0;
            yield cst.FLOW_END;
            return yield* this.parseLineStart();
          }
        }
        let n = 0;
        while (line[n] === ",") {
          n += yield* this.pushCount(1);
          n += yield* this.pushSpaces(true);
          this.flowKey = false;
        }
        n += yield* this.pushIndicators();
        switch (line[n]) {
          case void 0:
            return "flow";
          case "#":
            yield* this.pushCount(line.length - n);
            return "flow";
          case "{":
          case "[":
            yield* this.pushCount(1);
            this.flowKey = false;
            this.flowLevel += 1;
            return "flow";
          case "}":
          case "]":
            yield* this.pushCount(1);
            this.flowKey = true;
            this.flowLevel -= 1;
            return this.flowLevel ? "flow" : "doc";
          case "*":
            yield* this.pushUntil(isNotAnchorChar);
            return "flow";
          case '"':
          case "'":
            this.flowKey = true;
            return yield* this.parseQuotedScalar();
          case ":": {
            const next = this.charAt(1);
            if (this.flowKey || isEmpty(next) || next === ",") {
              this.flowKey = false;
              yield* this.pushCount(1);
              yield* this.pushSpaces(true);
              return "flow";
            }
          }
          // fallthrough
          default:
            this.flowKey = false;
            return yield* this.parsePlainScalar();
        }
      }
      *parseQuotedScalar() {
        const quote = this.charAt(0);
        let end = this.buffer.indexOf(quote, this.pos + 1);
        if (quote === "'") {
          while (end !== -1 && this.buffer[end + 1] === "'")
            end = this.buffer.indexOf("'", end + 2);
        } else {
          while (end !== -1) {
            let n = 0;
            while (this.buffer[end - 1 - n] === "\\")
              n += 1;
            if (n % 2 === 0)
              break;
            end = this.buffer.indexOf('"', end + 1);
          }
        }
        const qb = this.buffer.substring(0, end);
        let nl = qb.indexOf("\n", this.pos);
        if (nl !== -1) {
          while (nl !== -1) {
            const cs = this.continueScalar(nl + 1);
            if (cs === -1)
              break;
            nl = qb.indexOf("\n", cs);
          }
          if (nl !== -1) {
            end = nl - (qb[nl - 1] === "\r" ? 2 : 1);
          }
        }
        if (end === -1) {
          if (!this.atEnd)
            return this.setNext("quoted-scalar");
          end = this.buffer.length;
        }
        yield* this.pushToIndex(end + 1, false);
        return this.flowLevel ? "flow" : "doc";
      }
      *parseBlockScalarHeader() {
        this.blockScalarIndent = -1;
        this.blockScalarKeep = false;
        let i = this.pos;
        while (true) {
          const ch = this.buffer[++i];
          if (ch === "+")
            this.blockScalarKeep = true;
          else if (ch > "0" && ch <= "9")
            this.blockScalarIndent = Number(ch) - 1;
          else if (ch !== "-")
            break;
        }
        return yield* this.pushUntil((ch) => isEmpty(ch) || ch === "#");
      }
      *parseBlockScalar() {
        let nl = this.pos - 1;
        let indent = 0;
        let ch;
        loop: for (let i2 = this.pos; ch = this.buffer[i2]; ++i2) {
          switch (ch) {
            case " ":
              indent += 1;
              break;
            case "\n":
              nl = i2;
              indent = 0;
              break;
            case "\r": {
              const next = this.buffer[i2 + 1];
              if (!next && !this.atEnd)
                return this.setNext("block-scalar");
              if (next === "\n")
                break;
            }
            // fallthrough
            default:
              break loop;
          }
        }
        if (!ch && !this.atEnd)
          return this.setNext("block-scalar");
        if (indent >= this.indentNext) {
          if (this.blockScalarIndent === -1)
            this.indentNext = indent;
          else {
            this.indentNext = this.blockScalarIndent + (this.indentNext === 0 ? 1 : this.indentNext);
          }
          do {
            const cs = this.continueScalar(nl + 1);
            if (cs === -1)
              break;
            nl = this.buffer.indexOf("\n", cs);
          } while (nl !== -1);
          if (nl === -1) {
            if (!this.atEnd)
              return this.setNext("block-scalar");
            nl = this.buffer.length;
          }
        }
        let i = nl + 1;
        ch = this.buffer[i];
        while (ch === " ")
          ch = this.buffer[++i];
        if (ch === "	") {
          while (ch === "	" || ch === " " || ch === "\r" || ch === "\n")
            ch = this.buffer[++i];
          nl = i - 1;
        } else if (!this.blockScalarKeep) {
          do {
            let i2 = nl - 1;
            let ch2 = this.buffer[i2];
            if (ch2 === "\r")
              ch2 = this.buffer[--i2];
            const lastChar = i2;
            while (ch2 === " ")
              ch2 = this.buffer[--i2];
            if (ch2 === "\n" && i2 >= this.pos && i2 + 1 + indent > lastChar)
              nl = i2;
            else
              break;
          } while (true);
        }
        yield cst.SCALAR;
        yield* this.pushToIndex(nl + 1, true);
        return yield* this.parseLineStart();
      }
      *parsePlainScalar() {
        const inFlow = this.flowLevel > 0;
        let end = this.pos - 1;
        let i = this.pos - 1;
        let ch;
        while (ch = this.buffer[++i]) {
          if (ch === ":") {
            const next = this.buffer[i + 1];
            if (isEmpty(next) || inFlow && flowIndicatorChars.has(next))
              break;
            end = i;
          } else if (isEmpty(ch)) {
            let next = this.buffer[i + 1];
            if (ch === "\r") {
              if (next === "\n") {
                i += 1;
                ch = "\n";
                next = this.buffer[i + 1];
              } else
                end = i;
            }
            if (next === "#" || inFlow && flowIndicatorChars.has(next))
              break;
            if (ch === "\n") {
              const cs = this.continueScalar(i + 1);
              if (cs === -1)
                break;
              i = Math.max(i, cs - 2);
            }
          } else {
            if (inFlow && flowIndicatorChars.has(ch))
              break;
            end = i;
          }
        }
        if (!ch && !this.atEnd)
          return this.setNext("plain-scalar");
        yield cst.SCALAR;
        yield* this.pushToIndex(end + 1, true);
        return inFlow ? "flow" : "doc";
      }
      *pushCount(n) {
        if (n > 0) {
          yield this.buffer.substr(this.pos, n);
          this.pos += n;
          return n;
        }
        return 0;
      }
      *pushToIndex(i, allowEmpty) {
        const s = this.buffer.slice(this.pos, i);
        if (s) {
          yield s;
          this.pos += s.length;
          return s.length;
        } else if (allowEmpty)
          yield "";
        return 0;
      }
      *pushIndicators() {
        let n = 0;
        loop: while (true) {
          switch (this.charAt(0)) {
            case "!":
              n += yield* this.pushTag();
              n += yield* this.pushSpaces(true);
              continue loop;
            case "&":
              n += yield* this.pushUntil(isNotAnchorChar);
              n += yield* this.pushSpaces(true);
              continue loop;
            case "-":
            // this is an error
            case "?":
            // this is an error outside flow collections
            case ":": {
              const inFlow = this.flowLevel > 0;
              const ch1 = this.charAt(1);
              if (isEmpty(ch1) || inFlow && flowIndicatorChars.has(ch1)) {
                if (!inFlow)
                  this.indentNext = this.indentValue + 1;
                else if (this.flowKey)
                  this.flowKey = false;
                n += yield* this.pushCount(1);
                n += yield* this.pushSpaces(true);
                continue loop;
              }
            }
          }
          break loop;
        }
        return n;
      }
      *pushTag() {
        if (this.charAt(1) === "<") {
          let i = this.pos + 2;
          let ch = this.buffer[i];
          while (!isEmpty(ch) && ch !== ">")
            ch = this.buffer[++i];
          return yield* this.pushToIndex(ch === ">" ? i + 1 : i, false);
        } else {
          let i = this.pos + 1;
          let ch = this.buffer[i];
          while (ch) {
            if (tagChars.has(ch))
              ch = this.buffer[++i];
            else if (ch === "%" && hexDigits.has(this.buffer[i + 1]) && hexDigits.has(this.buffer[i + 2])) {
              ch = this.buffer[i += 3];
            } else
              break;
          }
          return yield* this.pushToIndex(i, false);
        }
      }
      *pushNewline() {
        const ch = this.buffer[this.pos];
        if (ch === "\n")
          return yield* this.pushCount(1);
        else if (ch === "\r" && this.charAt(1) === "\n")
          return yield* this.pushCount(2);
        else
          return 0;
      }
      *pushSpaces(allowTabs) {
        let i = this.pos - 1;
        let ch;
        do {
          ch = this.buffer[++i];
        } while (ch === " " || allowTabs && ch === "	");
        const n = i - this.pos;
        if (n > 0) {
          yield this.buffer.substr(this.pos, n);
          this.pos = i;
        }
        return n;
      }
      *pushUntil(test) {
        let i = this.pos;
        let ch = this.buffer[i];
        while (!test(ch))
          ch = this.buffer[++i];
        return yield* this.pushToIndex(i, false);
      }
    };
    exports.Lexer = Lexer;
  }
});

// node_modules/yaml/dist/parse/line-counter.js
var require_line_counter = __commonJS({
  "node_modules/yaml/dist/parse/line-counter.js"(exports) {
    "use strict";
    var LineCounter = class {
      constructor() {
        this.lineStarts = [];
        this.addNewLine = (offset) => this.lineStarts.push(offset);
        this.linePos = (offset) => {
          let low = 0;
          let high = this.lineStarts.length;
          while (low < high) {
            const mid = low + high >> 1;
            if (this.lineStarts[mid] < offset)
              low = mid + 1;
            else
              high = mid;
          }
          if (this.lineStarts[low] === offset)
            return { line: low + 1, col: 1 };
          if (low === 0)
            return { line: 0, col: offset };
          const start = this.lineStarts[low - 1];
          return { line: low, col: offset - start + 1 };
        };
      }
    };
    exports.LineCounter = LineCounter;
  }
});

// node_modules/yaml/dist/parse/parser.js
var require_parser = __commonJS({
  "node_modules/yaml/dist/parse/parser.js"(exports) {
    "use strict";
    var node_process = __require("process");
    var cst = require_cst();
    var lexer = require_lexer();
    function includesToken(list, type) {
      for (let i = 0; i < list.length; ++i)
        if (list[i].type === type)
          return true;
      return false;
    }
    function findNonEmptyIndex(list) {
      for (let i = 0; i < list.length; ++i) {
        switch (list[i].type) {
          case "space":
          case "comment":
          case "newline":
            break;
          default:
            return i;
        }
      }
      return -1;
    }
    function isFlowToken(token) {
      switch (token?.type) {
        case "alias":
        case "scalar":
        case "single-quoted-scalar":
        case "double-quoted-scalar":
        case "flow-collection":
          return true;
        default:
          return false;
      }
    }
    function getPrevProps(parent) {
      switch (parent.type) {
        case "document":
          return parent.start;
        case "block-map": {
          const it = parent.items[parent.items.length - 1];
          return it.sep ?? it.start;
        }
        case "block-seq":
          return parent.items[parent.items.length - 1].start;
        /* istanbul ignore next should not happen */
        default:
          return [];
      }
    }
    function getFirstKeyStartProps(prev) {
      if (prev.length === 0)
        return [];
      let i = prev.length;
      loop: while (--i >= 0) {
        switch (prev[i].type) {
          case "doc-start":
          case "explicit-key-ind":
          case "map-value-ind":
          case "seq-item-ind":
          case "newline":
            break loop;
        }
      }
      while (prev[++i]?.type === "space") {
      }
      return prev.splice(i, prev.length);
    }
    function arrayPushArray(target, source) {
      if (source.length < 1e5)
        Array.prototype.push.apply(target, source);
      else
        for (let i = 0; i < source.length; ++i)
          target.push(source[i]);
    }
    function fixFlowSeqItems(fc) {
      if (fc.start.type === "flow-seq-start") {
        for (const it of fc.items) {
          if (it.sep && !it.value && !includesToken(it.start, "explicit-key-ind") && !includesToken(it.sep, "map-value-ind")) {
            if (it.key)
              it.value = it.key;
            delete it.key;
            if (isFlowToken(it.value)) {
              if (it.value.end)
                arrayPushArray(it.value.end, it.sep);
              else
                it.value.end = it.sep;
            } else
              arrayPushArray(it.start, it.sep);
            delete it.sep;
          }
        }
      }
    }
    var Parser = class {
      /**
       * @param onNewLine - If defined, called separately with the start position of
       *   each new line (in `parse()`, including the start of input).
       */
      constructor(onNewLine) {
        this.atNewLine = true;
        this.atScalar = false;
        this.indent = 0;
        this.offset = 0;
        this.onKeyLine = false;
        this.stack = [];
        this.source = "";
        this.type = "";
        this.lexer = new lexer.Lexer();
        this.onNewLine = onNewLine;
      }
      /**
       * Parse `source` as a YAML stream.
       * If `incomplete`, a part of the last line may be left as a buffer for the next call.
       *
       * Errors are not thrown, but yielded as `{ type: 'error', message }` tokens.
       *
       * @returns A generator of tokens representing each directive, document, and other structure.
       */
      *parse(source, incomplete = false) {
        if (this.onNewLine && this.offset === 0)
          this.onNewLine(0);
        for (const lexeme of this.lexer.lex(source, incomplete))
          yield* this.next(lexeme);
        if (!incomplete)
          yield* this.end();
      }
      /**
       * Advance the parser by the `source` of one lexical token.
       */
      *next(source) {
        this.source = source;
        if (node_process.env.LOG_TOKENS)
          console.log("|", cst.prettyToken(source));
        if (this.atScalar) {
          this.atScalar = false;
          yield* this.step();
          this.offset += source.length;
          return;
        }
        const type = cst.tokenType(source);
        if (!type) {
          const message = `Not a YAML token: ${source}`;
          yield* this.pop({ type: "error", offset: this.offset, message, source });
          this.offset += source.length;
        } else if (type === "scalar") {
          this.atNewLine = false;
          this.atScalar = true;
          this.type = "scalar";
        } else {
          this.type = type;
          yield* this.step();
          switch (type) {
            case "newline":
              this.atNewLine = true;
              this.indent = 0;
              if (this.onNewLine)
                this.onNewLine(this.offset + source.length);
              break;
            case "space":
              if (this.atNewLine && source[0] === " ")
                this.indent += source.length;
              break;
            case "explicit-key-ind":
            case "map-value-ind":
            case "seq-item-ind":
              if (this.atNewLine)
                this.indent += source.length;
              break;
            case "doc-mode":
            case "flow-error-end":
              return;
            default:
              this.atNewLine = false;
          }
          this.offset += source.length;
        }
      }
      /** Call at end of input to push out any remaining constructions */
      *end() {
        while (this.stack.length > 0)
          yield* this.pop();
      }
      get sourceToken() {
        const st = {
          type: this.type,
          offset: this.offset,
          indent: this.indent,
          source: this.source
        };
        return st;
      }
      *step() {
        const top = this.peek(1);
        if (this.type === "doc-end" && top?.type !== "doc-end") {
          while (this.stack.length > 0)
            yield* this.pop();
          this.stack.push({
            type: "doc-end",
            offset: this.offset,
            source: this.source
          });
          return;
        }
        if (!top)
          return yield* this.stream();
        switch (top.type) {
          case "document":
            return yield* this.document(top);
          case "alias":
          case "scalar":
          case "single-quoted-scalar":
          case "double-quoted-scalar":
            return yield* this.scalar(top);
          case "block-scalar":
            return yield* this.blockScalar(top);
          case "block-map":
            return yield* this.blockMap(top);
          case "block-seq":
            return yield* this.blockSequence(top);
          case "flow-collection":
            return yield* this.flowCollection(top);
          case "doc-end":
            return yield* this.documentEnd(top);
        }
        yield* this.pop();
      }
      peek(n) {
        return this.stack[this.stack.length - n];
      }
      *pop(error2) {
        const token = error2 ?? this.stack.pop();
        if (!token) {
          const message = "Tried to pop an empty stack";
          yield { type: "error", offset: this.offset, source: "", message };
        } else if (this.stack.length === 0) {
          yield token;
        } else {
          const top = this.peek(1);
          if (token.type === "block-scalar") {
            token.indent = "indent" in top ? top.indent : 0;
          } else if (token.type === "flow-collection" && top.type === "document") {
            token.indent = 0;
          }
          if (token.type === "flow-collection")
            fixFlowSeqItems(token);
          switch (top.type) {
            case "document":
              top.value = token;
              break;
            case "block-scalar":
              top.props.push(token);
              break;
            case "block-map": {
              const it = top.items[top.items.length - 1];
              if (it.value) {
                top.items.push({ start: [], key: token, sep: [] });
                this.onKeyLine = true;
                return;
              } else if (it.sep) {
                it.value = token;
              } else {
                Object.assign(it, { key: token, sep: [] });
                this.onKeyLine = !it.explicitKey;
                return;
              }
              break;
            }
            case "block-seq": {
              const it = top.items[top.items.length - 1];
              if (it.value)
                top.items.push({ start: [], value: token });
              else
                it.value = token;
              break;
            }
            case "flow-collection": {
              const it = top.items[top.items.length - 1];
              if (!it || it.value)
                top.items.push({ start: [], key: token, sep: [] });
              else if (it.sep)
                it.value = token;
              else
                Object.assign(it, { key: token, sep: [] });
              return;
            }
            /* istanbul ignore next should not happen */
            default:
              yield* this.pop();
              yield* this.pop(token);
          }
          if ((top.type === "document" || top.type === "block-map" || top.type === "block-seq") && (token.type === "block-map" || token.type === "block-seq")) {
            const last2 = token.items[token.items.length - 1];
            if (last2 && !last2.sep && !last2.value && last2.start.length > 0 && findNonEmptyIndex(last2.start) === -1 && (token.indent === 0 || last2.start.every((st) => st.type !== "comment" || st.indent < token.indent))) {
              if (top.type === "document")
                top.end = last2.start;
              else
                top.items.push({ start: last2.start });
              token.items.splice(-1, 1);
            }
          }
        }
      }
      *stream() {
        switch (this.type) {
          case "directive-line":
            yield { type: "directive", offset: this.offset, source: this.source };
            return;
          case "byte-order-mark":
          case "space":
          case "comment":
          case "newline":
            yield this.sourceToken;
            return;
          case "doc-mode":
          case "doc-start": {
            const doc = {
              type: "document",
              offset: this.offset,
              start: []
            };
            if (this.type === "doc-start")
              doc.start.push(this.sourceToken);
            this.stack.push(doc);
            return;
          }
        }
        yield {
          type: "error",
          offset: this.offset,
          message: `Unexpected ${this.type} token in YAML stream`,
          source: this.source
        };
      }
      *document(doc) {
        if (doc.value)
          return yield* this.lineEnd(doc);
        switch (this.type) {
          case "doc-start": {
            if (findNonEmptyIndex(doc.start) !== -1) {
              yield* this.pop();
              yield* this.step();
            } else
              doc.start.push(this.sourceToken);
            return;
          }
          case "anchor":
          case "tag":
          case "space":
          case "comment":
          case "newline":
            doc.start.push(this.sourceToken);
            return;
        }
        const bv = this.startBlockValue(doc);
        if (bv)
          this.stack.push(bv);
        else {
          yield {
            type: "error",
            offset: this.offset,
            message: `Unexpected ${this.type} token in YAML document`,
            source: this.source
          };
        }
      }
      *scalar(scalar) {
        if (this.type === "map-value-ind") {
          const prev = getPrevProps(this.peek(2));
          const start = getFirstKeyStartProps(prev);
          let sep;
          if (scalar.end) {
            sep = scalar.end;
            sep.push(this.sourceToken);
            delete scalar.end;
          } else
            sep = [this.sourceToken];
          const map = {
            type: "block-map",
            offset: scalar.offset,
            indent: scalar.indent,
            items: [{ start, key: scalar, sep }]
          };
          this.onKeyLine = true;
          this.stack[this.stack.length - 1] = map;
        } else
          yield* this.lineEnd(scalar);
      }
      *blockScalar(scalar) {
        switch (this.type) {
          case "space":
          case "comment":
          case "newline":
            scalar.props.push(this.sourceToken);
            return;
          case "scalar":
            scalar.source = this.source;
            this.atNewLine = true;
            this.indent = 0;
            if (this.onNewLine) {
              let nl = this.source.indexOf("\n") + 1;
              while (nl !== 0) {
                this.onNewLine(this.offset + nl);
                nl = this.source.indexOf("\n", nl) + 1;
              }
            }
            yield* this.pop();
            break;
          /* istanbul ignore next should not happen */
          default:
            yield* this.pop();
            yield* this.step();
        }
      }
      *blockMap(map) {
        const it = map.items[map.items.length - 1];
        switch (this.type) {
          case "newline":
            this.onKeyLine = false;
            if (it.value) {
              const end = "end" in it.value ? it.value.end : void 0;
              const last2 = Array.isArray(end) ? end[end.length - 1] : void 0;
              if (last2?.type === "comment")
                end?.push(this.sourceToken);
              else
                map.items.push({ start: [this.sourceToken] });
            } else if (it.sep) {
              it.sep.push(this.sourceToken);
            } else {
              it.start.push(this.sourceToken);
            }
            return;
          case "space":
          case "comment":
            if (it.value) {
              map.items.push({ start: [this.sourceToken] });
            } else if (it.sep) {
              it.sep.push(this.sourceToken);
            } else {
              if (this.atIndentedComment(it.start, map.indent)) {
                const prev = map.items[map.items.length - 2];
                const end = prev?.value?.end;
                if (Array.isArray(end)) {
                  arrayPushArray(end, it.start);
                  end.push(this.sourceToken);
                  map.items.pop();
                  return;
                }
              }
              it.start.push(this.sourceToken);
            }
            return;
        }
        if (this.indent >= map.indent) {
          const atMapIndent = !this.onKeyLine && this.indent === map.indent;
          const atNextItem = atMapIndent && (it.sep || it.explicitKey) && this.type !== "seq-item-ind";
          let start = [];
          if (atNextItem && it.sep && !it.value) {
            const nl = [];
            for (let i = 0; i < it.sep.length; ++i) {
              const st = it.sep[i];
              switch (st.type) {
                case "newline":
                  nl.push(i);
                  break;
                case "space":
                  break;
                case "comment":
                  if (st.indent > map.indent)
                    nl.length = 0;
                  break;
                default:
                  nl.length = 0;
              }
            }
            if (nl.length >= 2)
              start = it.sep.splice(nl[1]);
          }
          switch (this.type) {
            case "anchor":
            case "tag":
              if (atNextItem || it.value) {
                start.push(this.sourceToken);
                map.items.push({ start });
                this.onKeyLine = true;
              } else if (it.sep) {
                it.sep.push(this.sourceToken);
              } else {
                it.start.push(this.sourceToken);
              }
              return;
            case "explicit-key-ind":
              if (!it.sep && !it.explicitKey) {
                it.start.push(this.sourceToken);
                it.explicitKey = true;
              } else if (atNextItem || it.value) {
                start.push(this.sourceToken);
                map.items.push({ start, explicitKey: true });
              } else {
                this.stack.push({
                  type: "block-map",
                  offset: this.offset,
                  indent: this.indent,
                  items: [{ start: [this.sourceToken], explicitKey: true }]
                });
              }
              this.onKeyLine = true;
              return;
            case "map-value-ind":
              if (it.explicitKey) {
                if (!it.sep) {
                  if (includesToken(it.start, "newline")) {
                    Object.assign(it, { key: null, sep: [this.sourceToken] });
                  } else {
                    const start2 = getFirstKeyStartProps(it.start);
                    this.stack.push({
                      type: "block-map",
                      offset: this.offset,
                      indent: this.indent,
                      items: [{ start: start2, key: null, sep: [this.sourceToken] }]
                    });
                  }
                } else if (it.value) {
                  map.items.push({ start: [], key: null, sep: [this.sourceToken] });
                } else if (includesToken(it.sep, "map-value-ind")) {
                  this.stack.push({
                    type: "block-map",
                    offset: this.offset,
                    indent: this.indent,
                    items: [{ start, key: null, sep: [this.sourceToken] }]
                  });
                } else if (isFlowToken(it.key) && !includesToken(it.sep, "newline")) {
                  const start2 = getFirstKeyStartProps(it.start);
                  const key = it.key;
                  const sep = it.sep;
                  sep.push(this.sourceToken);
                  delete it.key;
                  delete it.sep;
                  this.stack.push({
                    type: "block-map",
                    offset: this.offset,
                    indent: this.indent,
                    items: [{ start: start2, key, sep }]
                  });
                } else if (start.length > 0) {
                  it.sep = it.sep.concat(start, this.sourceToken);
                } else {
                  it.sep.push(this.sourceToken);
                }
              } else {
                if (!it.sep) {
                  Object.assign(it, { key: null, sep: [this.sourceToken] });
                } else if (it.value || atNextItem) {
                  map.items.push({ start, key: null, sep: [this.sourceToken] });
                } else if (includesToken(it.sep, "map-value-ind")) {
                  this.stack.push({
                    type: "block-map",
                    offset: this.offset,
                    indent: this.indent,
                    items: [{ start: [], key: null, sep: [this.sourceToken] }]
                  });
                } else {
                  it.sep.push(this.sourceToken);
                }
              }
              this.onKeyLine = true;
              return;
            case "alias":
            case "scalar":
            case "single-quoted-scalar":
            case "double-quoted-scalar": {
              const fs = this.flowScalar(this.type);
              if (atNextItem || it.value) {
                map.items.push({ start, key: fs, sep: [] });
                this.onKeyLine = true;
              } else if (it.sep) {
                this.stack.push(fs);
              } else {
                Object.assign(it, { key: fs, sep: [] });
                this.onKeyLine = true;
              }
              return;
            }
            default: {
              const bv = this.startBlockValue(map);
              if (bv) {
                if (bv.type === "block-seq") {
                  if (!it.explicitKey && it.sep && !includesToken(it.sep, "newline")) {
                    yield* this.pop({
                      type: "error",
                      offset: this.offset,
                      message: "Unexpected block-seq-ind on same line with key",
                      source: this.source
                    });
                    return;
                  }
                } else if (atMapIndent) {
                  map.items.push({ start });
                }
                this.stack.push(bv);
                return;
              }
            }
          }
        }
        yield* this.pop();
        yield* this.step();
      }
      *blockSequence(seq) {
        const it = seq.items[seq.items.length - 1];
        switch (this.type) {
          case "newline":
            if (it.value) {
              const end = "end" in it.value ? it.value.end : void 0;
              const last2 = Array.isArray(end) ? end[end.length - 1] : void 0;
              if (last2?.type === "comment")
                end?.push(this.sourceToken);
              else
                seq.items.push({ start: [this.sourceToken] });
            } else
              it.start.push(this.sourceToken);
            return;
          case "space":
          case "comment":
            if (it.value)
              seq.items.push({ start: [this.sourceToken] });
            else {
              if (this.atIndentedComment(it.start, seq.indent)) {
                const prev = seq.items[seq.items.length - 2];
                const end = prev?.value?.end;
                if (Array.isArray(end)) {
                  arrayPushArray(end, it.start);
                  end.push(this.sourceToken);
                  seq.items.pop();
                  return;
                }
              }
              it.start.push(this.sourceToken);
            }
            return;
          case "anchor":
          case "tag":
            if (it.value || this.indent <= seq.indent)
              break;
            it.start.push(this.sourceToken);
            return;
          case "seq-item-ind":
            if (this.indent !== seq.indent)
              break;
            if (it.value || includesToken(it.start, "seq-item-ind"))
              seq.items.push({ start: [this.sourceToken] });
            else
              it.start.push(this.sourceToken);
            return;
        }
        if (this.indent > seq.indent) {
          const bv = this.startBlockValue(seq);
          if (bv) {
            this.stack.push(bv);
            return;
          }
        }
        yield* this.pop();
        yield* this.step();
      }
      *flowCollection(fc) {
        const it = fc.items[fc.items.length - 1];
        if (this.type === "flow-error-end") {
          let top;
          do {
            yield* this.pop();
            top = this.peek(1);
          } while (top?.type === "flow-collection");
        } else if (fc.end.length === 0) {
          switch (this.type) {
            case "comma":
            case "explicit-key-ind":
              if (!it || it.sep)
                fc.items.push({ start: [this.sourceToken] });
              else
                it.start.push(this.sourceToken);
              return;
            case "map-value-ind":
              if (!it || it.value)
                fc.items.push({ start: [], key: null, sep: [this.sourceToken] });
              else if (it.sep)
                it.sep.push(this.sourceToken);
              else
                Object.assign(it, { key: null, sep: [this.sourceToken] });
              return;
            case "space":
            case "comment":
            case "newline":
            case "anchor":
            case "tag":
              if (!it || it.value)
                fc.items.push({ start: [this.sourceToken] });
              else if (it.sep)
                it.sep.push(this.sourceToken);
              else
                it.start.push(this.sourceToken);
              return;
            case "alias":
            case "scalar":
            case "single-quoted-scalar":
            case "double-quoted-scalar": {
              const fs = this.flowScalar(this.type);
              if (!it || it.value)
                fc.items.push({ start: [], key: fs, sep: [] });
              else if (it.sep)
                this.stack.push(fs);
              else
                Object.assign(it, { key: fs, sep: [] });
              return;
            }
            case "flow-map-end":
            case "flow-seq-end":
              fc.end.push(this.sourceToken);
              return;
          }
          const bv = this.startBlockValue(fc);
          if (bv)
            this.stack.push(bv);
          else {
            yield* this.pop();
            yield* this.step();
          }
        } else {
          const parent = this.peek(2);
          if (parent.type === "block-map" && (this.type === "map-value-ind" && parent.indent === fc.indent || this.type === "newline" && !parent.items[parent.items.length - 1].sep)) {
            yield* this.pop();
            yield* this.step();
          } else if (this.type === "map-value-ind" && parent.type !== "flow-collection") {
            const prev = getPrevProps(parent);
            const start = getFirstKeyStartProps(prev);
            fixFlowSeqItems(fc);
            const sep = fc.end.splice(1, fc.end.length);
            sep.push(this.sourceToken);
            const map = {
              type: "block-map",
              offset: fc.offset,
              indent: fc.indent,
              items: [{ start, key: fc, sep }]
            };
            this.onKeyLine = true;
            this.stack[this.stack.length - 1] = map;
          } else {
            yield* this.lineEnd(fc);
          }
        }
      }
      flowScalar(type) {
        if (this.onNewLine) {
          let nl = this.source.indexOf("\n") + 1;
          while (nl !== 0) {
            this.onNewLine(this.offset + nl);
            nl = this.source.indexOf("\n", nl) + 1;
          }
        }
        return {
          type,
          offset: this.offset,
          indent: this.indent,
          source: this.source
        };
      }
      startBlockValue(parent) {
        switch (this.type) {
          case "alias":
          case "scalar":
          case "single-quoted-scalar":
          case "double-quoted-scalar":
            return this.flowScalar(this.type);
          case "block-scalar-header":
            return {
              type: "block-scalar",
              offset: this.offset,
              indent: this.indent,
              props: [this.sourceToken],
              source: ""
            };
          case "flow-map-start":
          case "flow-seq-start":
            return {
              type: "flow-collection",
              offset: this.offset,
              indent: this.indent,
              start: this.sourceToken,
              items: [],
              end: []
            };
          case "seq-item-ind":
            return {
              type: "block-seq",
              offset: this.offset,
              indent: this.indent,
              items: [{ start: [this.sourceToken] }]
            };
          case "explicit-key-ind": {
            this.onKeyLine = true;
            const prev = getPrevProps(parent);
            const start = getFirstKeyStartProps(prev);
            start.push(this.sourceToken);
            return {
              type: "block-map",
              offset: this.offset,
              indent: this.indent,
              items: [{ start, explicitKey: true }]
            };
          }
          case "map-value-ind": {
            this.onKeyLine = true;
            const prev = getPrevProps(parent);
            const start = getFirstKeyStartProps(prev);
            return {
              type: "block-map",
              offset: this.offset,
              indent: this.indent,
              items: [{ start, key: null, sep: [this.sourceToken] }]
            };
          }
        }
        return null;
      }
      atIndentedComment(start, indent) {
        if (this.type !== "comment")
          return false;
        if (this.indent <= indent)
          return false;
        return start.every((st) => st.type === "newline" || st.type === "space");
      }
      *documentEnd(docEnd) {
        if (this.type !== "doc-mode") {
          if (docEnd.end)
            docEnd.end.push(this.sourceToken);
          else
            docEnd.end = [this.sourceToken];
          if (this.type === "newline")
            yield* this.pop();
        }
      }
      *lineEnd(token) {
        switch (this.type) {
          case "comma":
          case "doc-start":
          case "doc-end":
          case "flow-seq-end":
          case "flow-map-end":
          case "map-value-ind":
            yield* this.pop();
            yield* this.step();
            break;
          case "newline":
            this.onKeyLine = false;
          // fallthrough
          case "space":
          case "comment":
          default:
            if (token.end)
              token.end.push(this.sourceToken);
            else
              token.end = [this.sourceToken];
            if (this.type === "newline")
              yield* this.pop();
        }
      }
    };
    exports.Parser = Parser;
  }
});

// node_modules/yaml/dist/public-api.js
var require_public_api = __commonJS({
  "node_modules/yaml/dist/public-api.js"(exports) {
    "use strict";
    var composer = require_composer();
    var Document = require_Document();
    var errors = require_errors();
    var log = require_log();
    var identity = require_identity();
    var lineCounter = require_line_counter();
    var parser = require_parser();
    function parseOptions(options) {
      const prettyErrors = options.prettyErrors !== false;
      const lineCounter$1 = options.lineCounter || prettyErrors && new lineCounter.LineCounter() || null;
      return { lineCounter: lineCounter$1, prettyErrors };
    }
    function parseAllDocuments(source, options = {}) {
      const { lineCounter: lineCounter2, prettyErrors } = parseOptions(options);
      const parser$1 = new parser.Parser(lineCounter2?.addNewLine);
      const composer$1 = new composer.Composer(options);
      const docs = Array.from(composer$1.compose(parser$1.parse(source)));
      if (prettyErrors && lineCounter2)
        for (const doc of docs) {
          doc.errors.forEach(errors.prettifyError(source, lineCounter2));
          doc.warnings.forEach(errors.prettifyError(source, lineCounter2));
        }
      if (docs.length > 0)
        return docs;
      return Object.assign([], { empty: true }, composer$1.streamInfo());
    }
    function parseDocument(source, options = {}) {
      const { lineCounter: lineCounter2, prettyErrors } = parseOptions(options);
      const parser$1 = new parser.Parser(lineCounter2?.addNewLine);
      const composer$1 = new composer.Composer(options);
      let doc = null;
      for (const _doc of composer$1.compose(parser$1.parse(source), true, source.length)) {
        if (!doc)
          doc = _doc;
        else if (doc.options.logLevel !== "silent") {
          doc.errors.push(new errors.YAMLParseError(_doc.range.slice(0, 2), "MULTIPLE_DOCS", "Source contains multiple documents; please use YAML.parseAllDocuments()"));
          break;
        }
      }
      if (prettyErrors && lineCounter2) {
        doc.errors.forEach(errors.prettifyError(source, lineCounter2));
        doc.warnings.forEach(errors.prettifyError(source, lineCounter2));
      }
      return doc;
    }
    function parse2(src, reviver, options) {
      let _reviver = void 0;
      if (typeof reviver === "function") {
        _reviver = reviver;
      } else if (options === void 0 && reviver && typeof reviver === "object") {
        options = reviver;
      }
      const doc = parseDocument(src, options);
      if (!doc)
        return null;
      doc.warnings.forEach((warning) => log.warn(doc.options.logLevel, warning));
      if (doc.errors.length > 0) {
        if (doc.options.logLevel !== "silent")
          throw doc.errors[0];
        else
          doc.errors = [];
      }
      return doc.toJS(Object.assign({ reviver: _reviver }, options));
    }
    function stringify(value, replacer, options) {
      let _replacer = null;
      if (typeof replacer === "function" || Array.isArray(replacer)) {
        _replacer = replacer;
      } else if (options === void 0 && replacer) {
        options = replacer;
      }
      if (typeof options === "string")
        options = options.length;
      if (typeof options === "number") {
        const indent = Math.round(options);
        options = indent < 1 ? void 0 : indent > 8 ? { indent: 8 } : { indent };
      }
      if (value === void 0) {
        const { keepUndefined } = options ?? replacer ?? {};
        if (!keepUndefined)
          return void 0;
      }
      if (identity.isDocument(value) && !_replacer)
        return value.toString(options);
      return new Document.Document(value, _replacer, options).toString(options);
    }
    exports.parse = parse2;
    exports.parseAllDocuments = parseAllDocuments;
    exports.parseDocument = parseDocument;
    exports.stringify = stringify;
  }
});

// node_modules/yaml/dist/index.js
var require_dist = __commonJS({
  "node_modules/yaml/dist/index.js"(exports) {
    "use strict";
    var composer = require_composer();
    var Document = require_Document();
    var Schema = require_Schema();
    var errors = require_errors();
    var Alias = require_Alias();
    var identity = require_identity();
    var Pair = require_Pair();
    var Scalar = require_Scalar();
    var YAMLMap = require_YAMLMap();
    var YAMLSeq = require_YAMLSeq();
    var cst = require_cst();
    var lexer = require_lexer();
    var lineCounter = require_line_counter();
    var parser = require_parser();
    var publicApi = require_public_api();
    var visit = require_visit();
    exports.Composer = composer.Composer;
    exports.Document = Document.Document;
    exports.Schema = Schema.Schema;
    exports.YAMLError = errors.YAMLError;
    exports.YAMLParseError = errors.YAMLParseError;
    exports.YAMLWarning = errors.YAMLWarning;
    exports.Alias = Alias.Alias;
    exports.isAlias = identity.isAlias;
    exports.isCollection = identity.isCollection;
    exports.isDocument = identity.isDocument;
    exports.isMap = identity.isMap;
    exports.isNode = identity.isNode;
    exports.isPair = identity.isPair;
    exports.isScalar = identity.isScalar;
    exports.isSeq = identity.isSeq;
    exports.Pair = Pair.Pair;
    exports.Scalar = Scalar.Scalar;
    exports.YAMLMap = YAMLMap.YAMLMap;
    exports.YAMLSeq = YAMLSeq.YAMLSeq;
    exports.CST = cst;
    exports.Lexer = lexer.Lexer;
    exports.LineCounter = lineCounter.LineCounter;
    exports.Parser = parser.Parser;
    exports.parse = publicApi.parse;
    exports.parseAllDocuments = publicApi.parseAllDocuments;
    exports.parseDocument = publicApi.parseDocument;
    exports.stringify = publicApi.stringify;
    exports.visit = visit.visit;
    exports.visitAsync = visit.visitAsync;
  }
});

// src/core/ci-verdict.ts
var FAILING_CHECK_CONCLUSIONS = [
  "failure",
  "timed_out",
  "startup_failure"
];
var FAILING_CONCLUSIONS = new Set(FAILING_CHECK_CONCLUSIONS);
var PASSING_CONCLUSIONS = /* @__PURE__ */ new Set(["success", "neutral", "skipped"]);
var UNFINISHED_CONCLUSIONS = /* @__PURE__ */ new Set(["cancelled", "stale"]);
function checkOutcome(check) {
  if (check.kind === "status") {
    if (check.status === "success") return "passing";
    if (check.status === "failure" || check.status === "error") return "failing";
    return "pending";
  }
  if (check.status !== "completed" || check.conclusion === null) return "pending";
  if (FAILING_CONCLUSIONS.has(check.conclusion)) return "failing";
  if (PASSING_CONCLUSIONS.has(check.conclusion)) return "passing";
  if (UNFINISHED_CONCLUSIONS.has(check.conclusion)) return "unfinished";
  return "pending";
}
function ciVerdict(checks) {
  const counted2 = checks.filter((c) => !c.own);
  if (counted2.length === 0) return { kind: "none" };
  const by = (outcome) => counted2.filter((c) => checkOutcome(c) === outcome);
  const [pending, failing, unfinished] = [by("pending"), by("failing"), by("unfinished")];
  const total = counted2.length;
  if (pending.length > 0) return { kind: "pending", pending, failing, total };
  if (failing.length > 0) return { kind: "red", failing, total, unfinished };
  return { kind: "green", total, unfinished };
}
function failureOf(check, log) {
  const fromLog = log !== void 0 && log.trim() !== "";
  const output = check.output.trim();
  return {
    name: check.name,
    conclusion: check.kind === "status" ? check.status : check.conclusion ?? "failure",
    url: check.url,
    log: fromLog ? log : output,
    source: fromLog ? "job_log" : output === "" ? "none" : check.kind === "status" ? "status_description" : "check_output"
  };
}
function checkList(checks, max = 10) {
  const named = checks.slice(0, max).map((c) => {
    const word = c.kind === "status" ? c.status : c.conclusion ?? c.status;
    return `\`${c.name.replace(/`/g, "'")}\` (${word})`;
  });
  const more = checks.length > max ? `, and ${checks.length - max} more` : "";
  return `${named.join(", ")}${more}`;
}

// node_modules/zod/v4/core/util.js
var util_exports = {};
__export(util_exports, {
  BIGINT_FORMAT_RANGES: () => BIGINT_FORMAT_RANGES,
  CONSTANT_CATCH: () => CONSTANT_CATCH,
  Class: () => Class,
  NUMBER_FORMAT_RANGES: () => NUMBER_FORMAT_RANGES,
  aborted: () => aborted,
  allowsEval: () => allowsEval,
  assert: () => assert,
  assertEqual: () => assertEqual,
  assertIs: () => assertIs,
  assertNever: () => assertNever,
  assertNotEqual: () => assertNotEqual,
  assignProp: () => assignProp,
  attachSchema: () => attachSchema,
  base64ToUint8Array: () => base64ToUint8Array,
  base64urlToUint8Array: () => base64urlToUint8Array,
  cached: () => cached,
  captureStackTrace: () => captureStackTrace,
  cleanEnum: () => cleanEnum,
  cleanRegex: () => cleanRegex,
  clone: () => clone,
  cloneDef: () => cloneDef,
  codePointLength: () => codePointLength,
  constantCatch: () => constantCatch,
  createTransparentProxy: () => createTransparentProxy,
  defineLazy: () => defineLazy,
  defineLazyInternal: () => defineLazyInternal,
  derived: () => derived,
  esc: () => esc,
  escapeRegex: () => escapeRegex,
  explicitlyAborted: () => explicitlyAborted,
  extend: () => extend,
  finalizeIssue: () => finalizeIssue,
  floatSafeRemainder: () => floatSafeRemainder,
  getElementAtPath: () => getElementAtPath,
  getEnumValues: () => getEnumValues,
  getLengthableOrigin: () => getLengthableOrigin,
  getParsedType: () => getParsedType,
  getSizableOrigin: () => getSizableOrigin,
  hexToUint8Array: () => hexToUint8Array,
  hide: () => hide,
  installLazyProp: () => installLazyProp,
  isObject: () => isObject,
  isPlainObject: () => isPlainObject,
  issue: () => issue,
  joinValues: () => joinValues,
  jsonStringifyReplacer: () => jsonStringifyReplacer,
  members: () => members,
  merge: () => merge,
  mergeDefs: () => mergeDefs,
  normalizeParams: () => normalizeParams,
  nullish: () => nullish,
  numKeys: () => numKeys,
  objectClone: () => objectClone,
  omit: () => omit,
  optionalKeys: () => optionalKeys,
  own: () => own,
  parsedType: () => parsedType,
  partial: () => partial,
  pick: () => pick,
  prefixIssues: () => prefixIssues,
  primitiveTypes: () => primitiveTypes,
  promiseAllObject: () => promiseAllObject,
  propertyKeyTypes: () => propertyKeyTypes,
  randomString: () => randomString,
  rawShape: () => rawShape,
  required: () => required,
  safeExtend: () => safeExtend,
  shallowClone: () => shallowClone,
  sizeCaps: () => sizeCaps,
  slugify: () => slugify,
  stringifyPrimitive: () => stringifyPrimitive,
  toZod: () => toZod,
  uint8ArrayToBase64: () => uint8ArrayToBase64,
  uint8ArrayToBase64url: () => uint8ArrayToBase64url,
  uint8ArrayToHex: () => uint8ArrayToHex,
  unwrapMessage: () => unwrapMessage
});
function assertEqual(val) {
  return val;
}
function assertNotEqual(val) {
  return val;
}
function toZod() {
  return (schema) => schema;
}
function assertIs(_arg) {
}
function assertNever(_x) {
  throw new Error("Unexpected value in exhaustive check");
}
function assert(_) {
}
function getEnumValues(entries) {
  const numericValues = Object.values(entries).filter((v) => typeof v === "number");
  const values = Object.entries(entries).filter(([k, _]) => numericValues.indexOf(+k) === -1).map(([_, v]) => v);
  return values;
}
function joinValues(array3, separator = "|") {
  return array3.map((val) => stringifyPrimitive(val)).join(separator);
}
function jsonStringifyReplacer(_, value) {
  if (typeof value === "bigint")
    return value.toString();
  return value;
}
var Cached = class {
  constructor(getter) {
    this._getter = getter;
    this._value = void 0;
  }
  get value() {
    const getter = this._getter;
    if (getter !== void 0) {
      this._value = getter();
      this._getter = void 0;
    }
    return this._value;
  }
};
function cached(getter) {
  return new Cached(getter);
}
function nullish(input) {
  return input === null || input === void 0;
}
function cleanRegex(source) {
  const start = source.startsWith("^") ? 1 : 0;
  const end = source.endsWith("$") ? source.length - 1 : source.length;
  return source.slice(start, end);
}
function floatSafeRemainder(val, step) {
  const ratio = val / step;
  const roundedRatio = Math.round(ratio);
  const tolerance = 4 * Number.EPSILON * Math.max(Math.abs(ratio), 1);
  if (Math.abs(ratio - roundedRatio) < tolerance)
    return 0;
  return ratio - roundedRatio;
}
var EVALUATING = /* @__PURE__ */ Symbol("evaluating");
function defineLazy(object2, key, getter) {
  let value = void 0;
  Object.defineProperty(object2, key, {
    get() {
      if (value === EVALUATING) {
        return void 0;
      }
      if (value === void 0) {
        value = EVALUATING;
        value = getter();
      }
      return value;
    },
    set(v) {
      Object.defineProperty(object2, key, {
        value: v
        // configurable: true,
      });
    },
    configurable: true
  });
}
function objectClone(obj) {
  return Object.create(Object.getPrototypeOf(obj), Object.getOwnPropertyDescriptors(obj));
}
function assignProp(target, prop, value) {
  Object.defineProperty(target, prop, {
    value,
    writable: true,
    enumerable: true,
    configurable: true
  });
}
function rawShape(def) {
  const desc = Object.getOwnPropertyDescriptor(def, "shape");
  return desc?.get ? desc.get.raw : desc?.value;
}
function sourceShape(schema) {
  return rawShape(schema._zod.def) ?? schema._zod.def.shape;
}
function deferProp(target, key, getter) {
  Object.defineProperty(target, key, {
    get() {
      const value = getter();
      assignProp(this, key, value);
      return value;
    },
    enumerable: true,
    configurable: true
  });
}
function putProp(target, key, value) {
  if (key in target)
    assignProp(target, key, value);
  else
    target[key] = value;
}
function mirrorShape(target, source, keys, wrap) {
  const raw = sourceShape(source);
  for (const key of keys) {
    const desc = Object.getOwnPropertyDescriptor(raw, key);
    if (!desc.enumerable)
      continue;
    if (desc.get) {
      deferProp(target, key, () => {
        const value = source._zod.def.shape[key];
        return wrap ? wrap(value, key) : value;
      });
    } else
      putProp(target, key, wrap ? wrap(desc.value, key) : desc.value);
  }
}
function mirrorProps(target, source) {
  for (const key of Reflect.ownKeys(source)) {
    const desc = Object.getOwnPropertyDescriptor(source, key);
    if (!desc.enumerable)
      continue;
    if (desc.get)
      deferProp(target, key, () => source[key]);
    else
      putProp(target, key, desc.value);
  }
}
function mergeDefs(...defs) {
  const mergedDescriptors = {};
  for (const def of defs) {
    const descriptors = Object.getOwnPropertyDescriptors(def);
    Object.assign(mergedDescriptors, descriptors);
  }
  return Object.defineProperties({}, mergedDescriptors);
}
function cloneDef(schema) {
  return mergeDefs(schema._zod.def);
}
function getElementAtPath(obj, path) {
  if (!path)
    return obj;
  return path.reduce((acc, key) => acc?.[key], obj);
}
function promiseAllObject(promisesObj) {
  const keys = Object.keys(promisesObj);
  const promises = keys.map((key) => promisesObj[key]);
  return Promise.all(promises).then((results) => {
    const resolvedObj = {};
    for (let i = 0; i < keys.length; i++) {
      resolvedObj[keys[i]] = results[i];
    }
    return resolvedObj;
  });
}
function randomString(length = 10) {
  const chars = "abcdefghijklmnopqrstuvwxyz";
  let str = "";
  for (let i = 0; i < length; i++) {
    str += chars[Math.floor(Math.random() * chars.length)];
  }
  return str;
}
function esc(str) {
  return JSON.stringify(str);
}
function slugify(input) {
  return input.toLowerCase().trim().replace(/[^\w\s-]/g, "").replace(/[\s_-]+/g, "-").replace(/^-+|-+$/g, "");
}
var captureStackTrace = "captureStackTrace" in Error ? Error.captureStackTrace : (..._args) => {
};
function isObject(data) {
  return typeof data === "object" && data !== null && !Array.isArray(data);
}
var allowsEval = /* @__PURE__ */ cached(() => {
  if (globalConfig.jitless) {
    return false;
  }
  if (typeof navigator !== "undefined" && navigator?.userAgent?.includes("Cloudflare")) {
    return false;
  }
  try {
    const F = Function;
    new F("");
    return true;
  } catch (_) {
    return false;
  }
});
function isPlainObject(o) {
  if (isObject(o) === false)
    return false;
  const ctor = o.constructor;
  if (ctor === void 0)
    return true;
  if (typeof ctor !== "function")
    return true;
  const prot = ctor.prototype;
  if (isObject(prot) === false)
    return false;
  if (Object.prototype.hasOwnProperty.call(prot, "isPrototypeOf") === false) {
    return false;
  }
  return true;
}
function shallowClone(o) {
  if (isPlainObject(o))
    return { ...o };
  if (Array.isArray(o))
    return [...o];
  if (o instanceof Map)
    return new Map(o);
  if (o instanceof Set)
    return new Set(o);
  return o;
}
function numKeys(data) {
  let keyCount = 0;
  for (const key in data) {
    if (Object.prototype.hasOwnProperty.call(data, key)) {
      keyCount++;
    }
  }
  return keyCount;
}
var getParsedType = (data) => {
  const t = typeof data;
  switch (t) {
    case "undefined":
      return "undefined";
    case "string":
      return "string";
    case "number":
      return Number.isNaN(data) ? "nan" : "number";
    case "boolean":
      return "boolean";
    case "function":
      return "function";
    case "bigint":
      return "bigint";
    case "symbol":
      return "symbol";
    case "object":
      if (Array.isArray(data)) {
        return "array";
      }
      if (data === null) {
        return "null";
      }
      if (data.then && typeof data.then === "function" && data.catch && typeof data.catch === "function") {
        return "promise";
      }
      if (typeof Map !== "undefined" && data instanceof Map) {
        return "map";
      }
      if (typeof Set !== "undefined" && data instanceof Set) {
        return "set";
      }
      if (typeof Date !== "undefined" && data instanceof Date) {
        return "date";
      }
      if (typeof File !== "undefined" && data instanceof File) {
        return "file";
      }
      return "object";
    default:
      throw new Error(`Unknown data type: ${t}`);
  }
};
var propertyKeyTypes = /* @__PURE__ */ new Set(["string", "number", "symbol"]);
var primitiveTypes = /* @__PURE__ */ new Set([
  "string",
  "number",
  "bigint",
  "boolean",
  "symbol",
  "undefined"
]);
function escapeRegex(str) {
  return str.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
function clone(inst, def, params) {
  const cl = new inst._zod.constr(def ?? inst._zod.def);
  if (!def || params?.parent)
    cl._zod.parent = inst;
  return cl;
}
function normalizeParams(_params) {
  const params = _params;
  if (!params)
    return {};
  if (typeof params === "string")
    return { error: () => params };
  if (params?.message !== void 0) {
    if (params?.error !== void 0)
      throw new Error("Cannot specify both `message` and `error` params");
    params.error = params.message;
  }
  delete params.message;
  if (typeof params.error === "string")
    return { ...params, error: () => params.error };
  return params;
}
function createTransparentProxy(getter) {
  let target;
  return new Proxy({}, {
    get(_, prop, receiver) {
      target ?? (target = getter());
      return Reflect.get(target, prop, receiver);
    },
    set(_, prop, value, receiver) {
      target ?? (target = getter());
      return Reflect.set(target, prop, value, receiver);
    },
    has(_, prop) {
      target ?? (target = getter());
      return Reflect.has(target, prop);
    },
    deleteProperty(_, prop) {
      target ?? (target = getter());
      return Reflect.deleteProperty(target, prop);
    },
    ownKeys(_) {
      target ?? (target = getter());
      return Reflect.ownKeys(target);
    },
    getOwnPropertyDescriptor(_, prop) {
      target ?? (target = getter());
      return Reflect.getOwnPropertyDescriptor(target, prop);
    },
    defineProperty(_, prop, descriptor) {
      target ?? (target = getter());
      return Reflect.defineProperty(target, prop, descriptor);
    }
  });
}
function stringifyPrimitive(value) {
  if (typeof value === "bigint")
    return value.toString() + "n";
  if (typeof value === "string")
    return `"${value}"`;
  return `${value}`;
}
function optionalKeys(shape) {
  return Object.keys(shape).filter((k) => {
    return shape[k]._zod.optin !== void 0 && shape[k]._zod.optout === "optional";
  });
}
var NUMBER_FORMAT_RANGES = /* @__PURE__ */ (() => ({
  safeint: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
  int32: [-2147483648, 2147483647],
  uint32: [0, 4294967295],
  float32: [-34028234663852886e22, 34028234663852886e22],
  float64: [-Number.MAX_VALUE, Number.MAX_VALUE]
}))();
var BIGINT_FORMAT_RANGES = {
  int64: [/* @__PURE__ */ BigInt("-9223372036854775808"), /* @__PURE__ */ BigInt("9223372036854775807")],
  uint64: [/* @__PURE__ */ BigInt(0), /* @__PURE__ */ BigInt("18446744073709551615")]
};
function pick(schema, mask) {
  const currDef = schema._zod.def;
  const checks = currDef.checks;
  const hasChecks = checks && checks.length > 0;
  if (hasChecks) {
    throw new Error(".pick() cannot be used on object schemas containing refinements");
  }
  const newShape = {};
  mirrorShape(newShape, schema, maskedKeys(schema, mask));
  return clone(schema, mergeDefs(currDef, { shape: newShape, checks: [] }));
}
function maskedKeys(schema, mask) {
  const raw = sourceShape(schema);
  const keys = [];
  for (const key of Reflect.ownKeys(mask)) {
    if (!Object.getOwnPropertyDescriptor(raw, key)?.enumerable) {
      throw new Error(`Unrecognized key: "${String(key)}"`);
    }
    if (mask[key])
      keys.push(key);
  }
  return keys;
}
function omit(schema, mask) {
  const currDef = schema._zod.def;
  const checks = currDef.checks;
  const hasChecks = checks && checks.length > 0;
  if (hasChecks) {
    throw new Error(".omit() cannot be used on object schemas containing refinements");
  }
  const omitted = new Set(maskedKeys(schema, mask));
  const newShape = {};
  mirrorShape(newShape, schema, Reflect.ownKeys(sourceShape(schema)).filter((key) => !omitted.has(key)));
  return clone(schema, mergeDefs(currDef, { shape: newShape, checks: [] }));
}
function extend(schema, shape) {
  if (!isPlainObject(shape)) {
    throw new Error("Invalid input to extend: expected a plain object");
  }
  const checks = schema._zod.def.checks;
  const hasChecks = checks && checks.length > 0;
  if (hasChecks) {
    const existingShape = sourceShape(schema);
    for (const key of Reflect.ownKeys(shape)) {
      if (Object.getOwnPropertyDescriptor(existingShape, key) !== void 0) {
        throw new Error("Cannot overwrite keys on object schemas containing refinements. Use `.safeExtend()` instead.");
      }
    }
  }
  return clone(schema, mergeDefs(schema._zod.def, { shape: extended(schema, shape) }));
}
function extended(schema, shape) {
  const newShape = {};
  mirrorShape(newShape, schema, Reflect.ownKeys(sourceShape(schema)));
  mirrorProps(newShape, shape);
  return newShape;
}
function safeExtend(schema, shape) {
  if (!isPlainObject(shape)) {
    throw new Error("Invalid input to safeExtend: expected a plain object");
  }
  return clone(schema, mergeDefs(schema._zod.def, { shape: extended(schema, shape) }));
}
function merge(a, b) {
  if (!b?._zod?.def) {
    throw new Error("Invalid input to merge: expected an object schema. To merge a plain shape, use `.extend()`.");
  }
  if (a._zod.def.checks?.length) {
    throw new Error(".merge() cannot be used on object schemas containing refinements. Use .safeExtend() instead.");
  }
  const newShape = {};
  mirrorShape(newShape, a, Reflect.ownKeys(sourceShape(a)));
  mirrorShape(newShape, b, Reflect.ownKeys(sourceShape(b)));
  const def = mergeDefs(a._zod.def, {
    shape: newShape,
    get catchall() {
      return b._zod.def.catchall;
    },
    checks: b._zod.def.checks ?? []
  });
  return clone(a, def);
}
function partial(Class2, schema, mask, name = "partial") {
  const currDef = schema._zod.def;
  const checks = currDef.checks;
  const hasChecks = checks && checks.length > 0;
  if (hasChecks) {
    throw new Error(`.${name}() cannot be used on object schemas containing refinements`);
  }
  const selected = mask ? new Set(maskedKeys(schema, mask)) : void 0;
  const newShape = {};
  mirrorShape(newShape, schema, Reflect.ownKeys(sourceShape(schema)), Class2 && ((value, key) => selected && !selected.has(key) ? value : new Class2({ type: "optional", innerType: value })));
  return clone(schema, mergeDefs(schema._zod.def, { shape: newShape, checks: [] }));
}
function required(Class2, schema, mask) {
  const selected = mask ? new Set(maskedKeys(schema, mask)) : void 0;
  const newShape = {};
  mirrorShape(newShape, schema, Reflect.ownKeys(sourceShape(schema)), (value, key) => (
    // overwrite with non-optional
    selected && !selected.has(key) ? value : new Class2({ type: "nonoptional", innerType: value })
  ));
  return clone(schema, mergeDefs(schema._zod.def, { shape: newShape }));
}
function aborted(x, startIndex = 0) {
  if (x.aborted === true)
    return true;
  for (let i = startIndex; i < x.issues.length; i++) {
    if (x.issues[i]?.continue !== true) {
      return true;
    }
  }
  return false;
}
function explicitlyAborted(x, startIndex = 0) {
  if (x.aborted === true)
    return true;
  for (let i = startIndex; i < x.issues.length; i++) {
    if (x.issues[i]?.continue === false) {
      return true;
    }
  }
  return false;
}
function prefixIssues(path, issues) {
  return issues.map((iss) => {
    var _a3;
    (_a3 = iss).path ?? (_a3.path = []);
    iss.path.unshift(path);
    return iss;
  });
}
function unwrapMessage(message) {
  return typeof message === "string" ? message : message?.message;
}
function sizeCaps(defChecks) {
  const caps = [];
  for (const ch of defChecks ?? []) {
    const d = ch._zod.def;
    if (!/_(length|size)$|_equals$/.test(d.check))
      break;
    const max = d.maximum ?? d.length ?? d.size;
    if (max >= 0)
      caps.push([max, ch]);
  }
  return caps;
}
function attachSchema(issues, start, inst) {
  var _a3;
  for (let i = start; i < issues.length; i++) {
    (_a3 = issues[i]).schema ?? (_a3.schema = inst);
  }
}
function finalizeIssue(iss, ctx, config2) {
  var _a3;
  const traits = iss.inst?._zod?.traits;
  if (traits?.has("$ZodType")) {
    if (traits.has("$ZodCheck"))
      (_a3 = iss).schema ?? (_a3.schema = iss.inst);
    else
      iss.schema = iss.inst;
  }
  const schemaError = iss.schema !== iss.inst ? iss.schema?._zod.def?.error : void 0;
  const message = iss.message ? iss.message : unwrapMessage(iss.inst?._zod.def?.error?.(iss)) ?? unwrapMessage(schemaError?.(iss)) ?? unwrapMessage(ctx?.error?.(iss)) ?? unwrapMessage(config2.customError?.(iss)) ?? unwrapMessage(config2.localeError?.(iss)) ?? "Invalid input";
  const full = {};
  for (const k of Object.keys(iss)) {
    if (k === "inst" || k === "schema" || k === "continue" || k === "input" || k === "__proto__")
      continue;
    full[k] = iss[k];
  }
  full.path ?? (full.path = []);
  full.message = message;
  if (ctx?.reportInput) {
    full.input = iss.input;
  }
  return full;
}
function getSizableOrigin(input) {
  if (input instanceof Set)
    return "set";
  if (input instanceof Map)
    return "map";
  if (input instanceof File)
    return "file";
  return "unknown";
}
var highSurrogate = /[\uD800-\uDBFF]/;
function codePointLength(str) {
  const units = str.length;
  if (!highSurrogate.test(str))
    return units;
  let count = units;
  for (let i = 0; i < units - 1; i++) {
    if ((str.charCodeAt(i) & 64512) === 55296 && (str.charCodeAt(i + 1) & 64512) === 56320) {
      count--;
      i++;
    }
  }
  return count;
}
function getLengthableOrigin(input) {
  if (Array.isArray(input))
    return "array";
  if (typeof input === "string")
    return "string";
  return "unknown";
}
function parsedType(data) {
  const t = typeof data;
  switch (t) {
    case "number": {
      return Number.isNaN(data) ? "nan" : "number";
    }
    case "object": {
      if (data === null) {
        return "null";
      }
      if (Array.isArray(data)) {
        return "array";
      }
      const obj = data;
      if (obj && Object.getPrototypeOf(obj) !== Object.prototype && "constructor" in obj && obj.constructor) {
        return obj.constructor.name;
      }
    }
  }
  return t;
}
function issue(...args) {
  const [iss, input, inst] = args;
  if (typeof iss === "string") {
    return {
      message: iss,
      code: "custom",
      input,
      inst
    };
  }
  return { ...iss };
}
function cleanEnum(obj) {
  return Object.entries(obj).filter(([k, _]) => {
    return Number.isNaN(Number.parseInt(k, 10));
  }).map((el) => el[1]);
}
function base64ToUint8Array(base642) {
  const binaryString = atob(base642);
  const bytes2 = new Uint8Array(binaryString.length);
  for (let i = 0; i < binaryString.length; i++) {
    bytes2[i] = binaryString.charCodeAt(i);
  }
  return bytes2;
}
function uint8ArrayToBase64(bytes2) {
  let binaryString = "";
  for (let i = 0; i < bytes2.length; i++) {
    binaryString += String.fromCharCode(bytes2[i]);
  }
  return btoa(binaryString);
}
function base64urlToUint8Array(base64url2) {
  const base642 = base64url2.replace(/-/g, "+").replace(/_/g, "/");
  const padding = "=".repeat((4 - base642.length % 4) % 4);
  return base64ToUint8Array(base642 + padding);
}
function uint8ArrayToBase64url(bytes2) {
  return uint8ArrayToBase64(bytes2).replace(/\+/g, "-").replace(/\//g, "_").replace(/=/g, "");
}
function hexToUint8Array(hex) {
  const cleanHex = hex.replace(/^0x/, "");
  if (cleanHex.length % 2 !== 0) {
    throw new Error("Invalid hex string length");
  }
  const bytes2 = new Uint8Array(cleanHex.length / 2);
  for (let i = 0; i < cleanHex.length; i += 2) {
    bytes2[i / 2] = Number.parseInt(cleanHex.slice(i, i + 2), 16);
  }
  return bytes2;
}
function uint8ArrayToHex(bytes2) {
  return Array.from(bytes2).map((b) => b.toString(16).padStart(2, "0")).join("");
}
var Class = class {
  constructor(..._args) {
  }
};
function members(proto, table) {
  for (const key in table) {
    const desc = Object.getOwnPropertyDescriptor(table, key);
    if (desc.get)
      Object.defineProperty(proto, key, { ...desc, enumerable: false });
    else
      defineBound(proto, key, desc.value);
  }
}
function own(inst, key, value, enumerable = true) {
  Object.defineProperty(inst, key, { configurable: true, writable: true, enumerable, value });
  return value;
}
function hide(inst, key, value) {
  return own(inst, key, value, false);
}
// @__NO_SIDE_EFFECTS__
function derived(computes, table) {
  for (const key in computes) {
    const compute = computes[key];
    Object.defineProperty(table, key, {
      configurable: true,
      enumerable: true,
      get() {
        return own(this, key, compute(this));
      },
      set(value) {
        own(this, key, value);
      }
    });
  }
  return table;
}
function defineBound(proto, key, fn) {
  Object.defineProperty(proto, key, {
    configurable: true,
    get() {
      return this == null ? fn : own(this, key, fn.bind(this));
    },
    set(value) {
      own(this, key, value);
    }
  });
}
function claim(inst, sentinel) {
  const proto = Object.getPrototypeOf(inst);
  return sentinel in proto ? void 0 : proto;
}
var installing;
var broke = false;
var breaker = {
  configurable: true,
  get() {
    broke = true;
    return void 0;
  }
};
function defineLazyInternal(inst, key, compute) {
  const proto = Object.getPrototypeOf(inst._zod);
  if (key in proto && installing !== inst._zod) {
    installing = void 0;
    return;
  }
  installing = inst._zod;
  Object.defineProperty(proto, key, {
    configurable: true,
    get() {
      Object.defineProperty(this, key, breaker);
      const outer = broke;
      broke = false;
      try {
        const value = compute(this);
        if (broke)
          delete this[key];
        else
          Object.defineProperty(this, key, { configurable: true, writable: true, value });
        broke = broke || outer;
        return value;
      } catch (err) {
        delete this[key];
        broke = broke || outer;
        throw err;
      }
    },
    set(value) {
      Object.defineProperty(this, key, { configurable: true, writable: true, value });
    }
  });
}
function installLazyProp(inst, key, make, enumerable) {
  const proto = claim(inst, key);
  if (!proto)
    return;
  Object.defineProperty(proto, key, {
    configurable: true,
    get() {
      const desc = { configurable: true, writable: true, enumerable, value: void 0 };
      Object.defineProperty(this, key, desc);
      desc.value = make(this);
      Object.defineProperty(this, key, desc);
      return desc.value;
    },
    set(value) {
      Object.defineProperty(this, key, { configurable: true, writable: true, enumerable, value });
    }
  });
}
var CONSTANT_CATCH = "~constantCatch";
function constantCatch(value) {
  const fn = () => value;
  fn[CONSTANT_CATCH] = true;
  return fn;
}

// node_modules/zod/v4/core/core.js
var _a;
var _zodDesc = { value: void 0, enumerable: false };
var _E = "captureStackTrace" in Error ? Error : null;
function newError(Definition) {
  const E = _E;
  if (E) {
    const saved = E.stackTraceLimit;
    if (typeof saved === "number") {
      try {
        E.stackTraceLimit = 0;
      } catch {
        _E = null;
        return new Definition();
      }
      try {
        return new Definition();
      } finally {
        E.stackTraceLimit = saved;
      }
    }
  }
  return new Definition();
}
// @__NO_SIDE_EFFECTS__
function $constructor(name, initializer3, proto, params) {
  const zodProto = {};
  function Internals(def) {
    this.def = def;
    this.constr = _;
    this.traits = /* @__PURE__ */ new Set();
  }
  Internals.prototype = zodProto;
  const protoMembers = proto;
  const initialized = protoMembers && /* @__PURE__ */ new WeakSet();
  function init(inst, def) {
    if (!inst._zod) {
      _zodDesc.value = new Internals(def);
      try {
        Object.defineProperty(inst, "_zod", _zodDesc);
      } finally {
        _zodDesc.value = void 0;
      }
    } else if (inst._zod.traits.has(name)) {
      return;
    }
    inst._zod.traits.add(name);
    initializer3(inst, def);
    if (initialized) {
      const own2 = Object.getPrototypeOf(inst);
      const ctorProto = inst._zod.constr.prototype;
      let up = own2;
      while (up && up !== ctorProto)
        up = Object.getPrototypeOf(up);
      const target = up ?? own2;
      if (!initialized.has(target)) {
        initialized.add(target);
        members(target, protoMembers);
      }
    }
    const proto2 = _.prototype;
    for (const k in proto2) {
      if (!Object.prototype.hasOwnProperty.call(proto2, k))
        continue;
      if (!(k in inst)) {
        inst[k] = proto2[k].bind(inst);
      }
    }
  }
  const Parent = params?.Parent ?? Object;
  class Definition extends Parent {
  }
  Object.defineProperty(Definition, "name", { value: name });
  function _(def) {
    const inst = params?.Parent ? newError(Definition) : this;
    init(inst, def);
    const deferred = inst._zod.deferred;
    if (deferred) {
      for (const fn of deferred) {
        fn();
      }
      inst._zod.deferred = void 0;
    }
    const pp = globalThis.__zod_globalConfig?.postProcessor;
    if (pp)
      pp(inst);
    return inst;
  }
  Object.defineProperty(_, "init", { value: init });
  Object.defineProperty(_, Symbol.hasInstance, {
    value: (inst) => {
      if (params?.Parent && inst instanceof params.Parent)
        return true;
      return inst?._zod?.traits?.has(name);
    }
  });
  Object.defineProperty(_, "name", { value: name });
  return _;
}
var $ZodAsyncError = class extends Error {
  constructor() {
    super(`Encountered Promise during synchronous parse. Use .parseAsync() instead.`);
  }
};
var $ZodEncodeError = class extends Error {
  constructor(name) {
    super(`Encountered unidirectional transform during encode: ${name}`);
    this.name = "ZodEncodeError";
  }
};
(_a = globalThis).__zod_globalConfig ?? (_a.__zod_globalConfig = {});
var globalConfig = globalThis.__zod_globalConfig;
function config(newConfig) {
  if (newConfig)
    Object.assign(globalConfig, newConfig);
  return globalConfig;
}

// node_modules/zod/v4/core/errors.js
function _getMessage() {
  const internals = this._zod;
  internals.message ?? (internals.message = JSON.stringify(internals.def, jsonStringifyReplacer, 2));
  return internals.message;
}
function _setMessage(value) {
  this._zod.message = value;
}
var _messageDesc = {
  get: _getMessage,
  set: _setMessage,
  enumerable: true,
  configurable: true
};
var _issuesDesc = { value: void 0, enumerable: false };
var _installedToString = /* @__PURE__ */ new WeakSet([Object.prototype, Error.prototype]);
var initializer = (inst, def) => {
  inst.name = "$ZodError";
  _issuesDesc.value = def;
  Object.defineProperty(inst, "issues", _issuesDesc);
  _issuesDesc.value = void 0;
  Object.defineProperty(inst, "message", _messageDesc);
  const proto = Object.getPrototypeOf(inst);
  if (!_installedToString.has(proto)) {
    _installedToString.add(proto);
    Object.defineProperty(proto, "toString", {
      configurable: true,
      enumerable: false,
      get() {
        const value = () => this.message;
        Object.defineProperty(this, "toString", { value, configurable: true, writable: true });
        return value;
      },
      set(value) {
        Object.defineProperty(this, "toString", { value, configurable: true, writable: true });
      }
    });
  }
};
var $ZodError = $constructor("$ZodError", initializer);
var $ZodRealError = $constructor("$ZodError", initializer, void 0, {
  Parent: Error
});
function node(obj, key, make) {
  if (!Object.prototype.hasOwnProperty.call(obj, key)) {
    if (key === "__proto__") {
      Object.defineProperty(obj, key, { value: make(), writable: true, enumerable: true, configurable: true });
    } else {
      obj[key] = make();
    }
  }
  return obj[key];
}
function flattenError(error2, mapper = (issue2) => issue2.message) {
  const fieldErrors = {};
  const formErrors = [];
  for (const sub of error2.issues) {
    if (sub.path.length > 0) {
      node(fieldErrors, sub.path[0], () => []).push(mapper(sub));
    } else {
      formErrors.push(mapper(sub));
    }
  }
  return { formErrors, fieldErrors };
}
function formatError(error2, mapper = (issue2) => issue2.message) {
  const fieldErrors = { _errors: [] };
  const processError = (error3, path = []) => {
    for (const issue2 of error3.issues) {
      if (issue2.code === "invalid_union" && issue2.errors.length) {
        issue2.errors.map((issues) => processError({ issues }, [...path, ...issue2.path]));
      } else if (issue2.code === "invalid_key") {
        processError({ issues: issue2.issues }, [...path, ...issue2.path]);
      } else if (issue2.code === "invalid_element") {
        processError({ issues: issue2.issues }, [...path, ...issue2.path]);
      } else {
        const fullpath = [...path, ...issue2.path];
        if (fullpath.length === 0) {
          fieldErrors._errors.push(mapper(issue2));
        } else {
          let curr = fieldErrors;
          let i = 0;
          while (i < fullpath.length) {
            const el = fullpath[i];
            const terminal = i === fullpath.length - 1;
            if (el === "_errors") {
              if (terminal)
                curr._errors.push(mapper(issue2));
              i++;
              continue;
            }
            if (!Object.prototype.hasOwnProperty.call(curr, el)) {
              Object.defineProperty(curr, el, {
                value: { _errors: [] },
                enumerable: true,
                writable: true,
                configurable: true
              });
            }
            const node2 = curr[el];
            if (terminal) {
              node2._errors.push(mapper(issue2));
            }
            curr = node2;
            i++;
          }
        }
      }
    }
  };
  processError(error2);
  return fieldErrors;
}

// node_modules/zod/v4/core/parse.js
function finalizeParams(callee, params) {
  return { callee: params?.callee ?? callee, Err: params?.Err };
}
var _parse = (_Err) => {
  const fn = (schema, value, _ctx, _params) => {
    const ctx = _ctx ? { ..._ctx, async: false } : { async: false };
    const result = schema._zod.run({ value, issues: [] }, ctx);
    if (result instanceof Promise) {
      throw new $ZodAsyncError();
    }
    if (result.issues.length) {
      const e = new (_params?.Err ?? _Err)(result.issues.map((iss) => finalizeIssue(iss, ctx, config())));
      captureStackTrace(e, _params?.callee ?? fn);
      throw e;
    }
    return result.value;
  };
  return fn;
};
var _parseAsync = (_Err) => {
  const fn = async (schema, value, _ctx, params) => {
    const ctx = _ctx ? { ..._ctx, async: true } : { async: true };
    let result = schema._zod.run({ value, issues: [] }, ctx);
    if (result instanceof Promise)
      result = await result;
    if (result.issues.length) {
      const e = new (params?.Err ?? _Err)(result.issues.map((iss) => finalizeIssue(iss, ctx, config())));
      captureStackTrace(e, params?.callee ?? fn);
      throw e;
    }
    return result.value;
  };
  return fn;
};
var _safeParse = (_Err) => (schema, value, _ctx) => {
  const ctx = _ctx ? { ..._ctx, async: false } : { async: false };
  const result = schema._zod.run({ value, issues: [] }, ctx);
  if (result instanceof Promise) {
    throw new $ZodAsyncError();
  }
  return result.issues.length ? failure(_Err, result.issues, ctx) : { success: true, data: result.value };
};
function failure(Err, issues, ctx) {
  let error2;
  return {
    success: false,
    get error() {
      if (!error2) {
        error2 = new Err(issues.map((iss) => finalizeIssue(iss, ctx, config())));
        issues = void 0;
        ctx = void 0;
      }
      return error2;
    },
    set error(e) {
      error2 = e;
      issues = void 0;
      ctx = void 0;
    }
  };
}
var _safeParseAsync = (_Err) => async (schema, value, _ctx) => {
  const ctx = _ctx ? { ..._ctx, async: true } : { async: true };
  let result = schema._zod.run({ value, issues: [] }, ctx);
  if (result instanceof Promise)
    result = await result;
  return result.issues.length ? failure(_Err, result.issues, ctx) : { success: true, data: result.value };
};
var COMPILE_INVALID = /* @__PURE__ */ Symbol.for("zod.compile.invalid");
var COMPILE_FALLBACK = /* @__PURE__ */ Symbol.for("zod.compile.fallback");
var validate = ((schema, value, _ctx) => {
  const validator = schema._zod.bag.validator;
  if (validator !== void 0) {
    if (validator(value) !== COMPILE_INVALID)
      return true;
    if (validator.definite === true && _ctx === void 0)
      return false;
  }
  return validateFallback(schema, value, _ctx);
});
function validateFallback(schema, value, _ctx) {
  const ctx = _ctx ? { ..._ctx, async: false, abortEarly: true } : { async: false, abortEarly: true };
  const fallbackRun = schema._zod.bag.fallbackRun;
  let result;
  if (fallbackRun) {
    ctx[COMPILE_FALLBACK] = true;
    result = fallbackRun({ value, issues: [] }, ctx);
  } else {
    result = schema._zod.run({ value, issues: [] }, ctx);
  }
  if (result instanceof Promise) {
    throw new $ZodAsyncError();
  }
  return result.issues.length === 0;
}
var validateAsync = async (schema, value, _ctx) => {
  const ctx = _ctx ? { ..._ctx, async: true, abortEarly: true } : { async: true, abortEarly: true };
  let result = schema._zod.run({ value, issues: [] }, ctx);
  if (result instanceof Promise)
    result = await result;
  return result.issues.length === 0;
};
var _encode = (_Err) => {
  const parse2 = _parse(_Err);
  const fn = (schema, value, _ctx, _params) => {
    const ctx = _ctx ? { ..._ctx, direction: "backward" } : { direction: "backward" };
    return parse2(schema, value, ctx, finalizeParams(fn, _params));
  };
  return fn;
};
var _decode = (_Err) => {
  const parse2 = _parse(_Err);
  const fn = (schema, value, _ctx, _params) => {
    return parse2(schema, value, _ctx, finalizeParams(fn, _params));
  };
  return fn;
};
var _encodeAsync = (_Err) => {
  const parseAsync2 = _parseAsync(_Err);
  const fn = async (schema, value, _ctx, _params) => {
    const ctx = _ctx ? { ..._ctx, direction: "backward" } : { direction: "backward" };
    return await parseAsync2(schema, value, ctx, finalizeParams(fn, _params));
  };
  return fn;
};
var _decodeAsync = (_Err) => {
  const parseAsync2 = _parseAsync(_Err);
  const fn = async (schema, value, _ctx, _params) => {
    return await parseAsync2(schema, value, _ctx, finalizeParams(fn, _params));
  };
  return fn;
};
var _safeEncode = (_Err) => (schema, value, _ctx) => {
  const ctx = _ctx ? { ..._ctx, direction: "backward" } : { direction: "backward" };
  return _safeParse(_Err)(schema, value, ctx);
};
var _safeDecode = (_Err) => (schema, value, _ctx) => {
  return _safeParse(_Err)(schema, value, _ctx);
};
var _safeEncodeAsync = (_Err) => async (schema, value, _ctx) => {
  const ctx = _ctx ? { ..._ctx, direction: "backward" } : { direction: "backward" };
  return _safeParseAsync(_Err)(schema, value, ctx);
};
var _safeDecodeAsync = (_Err) => async (schema, value, _ctx) => {
  return _safeParseAsync(_Err)(schema, value, _ctx);
};

// node_modules/zod/v4/core/regexes.js
var cuid = /^[cC][0-9a-z]{6,}$/;
var cuid2 = /^[0-9a-z]+$/;
var ulid = /^[0-7][0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{25}$/;
var xid = /^[0-9a-vA-V]{20}$/;
var ksuid = /^[A-Za-z0-9]{27}$/;
var nanoid = /^[a-zA-Z0-9_-]{21}$/;
function nanoidOfLength(length) {
  return new RegExp(`^[a-zA-Z0-9_-]{${length}}$`);
}
var duration = /^P(?:(\d+W)|(?!.*W)(?=\d|T\d)(\d+Y)?(\d+M)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+([.,]\d+)?S)?)?)$/;
var guid = /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$/;
var uuid = (version2) => {
  if (!version2)
    return /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;
  return new RegExp(`^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-${version2}[0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12})$`);
};
var email = /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;
var _emoji = `^(?=[\\s\\S]*[\\p{Extended_Pictographic}\\p{Regional_Indicator}\\u20E3])[\\p{Extended_Pictographic}\\p{Emoji_Component}]+$`;
function emoji() {
  return new RegExp(_emoji, "u");
}
var ipv4 = /^(?:(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\.){3}(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])$/;
var ipv6 = /^(([0-9a-fA-F]{1,4}:){7}[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,7}:|([0-9a-fA-F]{1,4}:){1,6}:[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,5}(:[0-9a-fA-F]{1,4}){1,2}|([0-9a-fA-F]{1,4}:){1,4}(:[0-9a-fA-F]{1,4}){1,3}|([0-9a-fA-F]{1,4}:){1,3}(:[0-9a-fA-F]{1,4}){1,4}|([0-9a-fA-F]{1,4}:){1,2}(:[0-9a-fA-F]{1,4}){1,5}|[0-9a-fA-F]{1,4}:((:[0-9a-fA-F]{1,4}){1,6})|:((:[0-9a-fA-F]{1,4}){1,7}|:))$/;
var cidrv4 = /^((25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\.){3}(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\/([0-9]|[1-2][0-9]|3[0-2])$/;
var cidrv6 = /^(([0-9a-fA-F]{1,4}:){7}[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,7}:|([0-9a-fA-F]{1,4}:){1,6}:[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,5}(:[0-9a-fA-F]{1,4}){1,2}|([0-9a-fA-F]{1,4}:){1,4}(:[0-9a-fA-F]{1,4}){1,3}|([0-9a-fA-F]{1,4}:){1,3}(:[0-9a-fA-F]{1,4}){1,4}|([0-9a-fA-F]{1,4}:){1,2}(:[0-9a-fA-F]{1,4}){1,5}|[0-9a-fA-F]{1,4}:((:[0-9a-fA-F]{1,4}){1,6})|:((:[0-9a-fA-F]{1,4}){1,7}|:))\/(12[0-8]|1[01][0-9]|[1-9]?[0-9])$/;
var base64 = /^$|^(?:[0-9a-zA-Z+/]{4})*(?:(?:[0-9a-zA-Z+/]{2}==)|(?:[0-9a-zA-Z+/]{3}=))?$/;
var base64url = /^(?:[A-Za-z0-9_-]{4})*(?:[A-Za-z0-9_-]{2,3})?$/;
var httpProtocol = /^https?$/;
var e164 = /^\+[1-9]\d{6,14}$/;
var dateSource = `(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))`;
function anchor(source) {
  return new RegExp(`^${source}$`);
}
var date = /* @__PURE__ */ anchor(dateSource);
function timeSource(args) {
  const hhmm = `(?:[01]\\d|2[0-3]):[0-5]\\d`;
  const regex = typeof args.precision === "number" ? args.precision === -1 ? `${hhmm}` : args.precision === 0 ? `${hhmm}:[0-5]\\d` : `${hhmm}:[0-5]\\d\\.\\d{${args.precision}}` : args.seconds ? `${hhmm}:[0-5]\\d(?:\\.\\d+)?` : `${hhmm}(?::[0-5]\\d(?:\\.\\d+)?)?`;
  return regex;
}
function time(args) {
  return new RegExp(`^${timeSource(args)}$`);
}
function datetime(args) {
  const opts = ["Z"];
  if (args.offset)
    opts.push(`([+-](?:[01]\\d|2[0-3]):[0-5]\\d)`);
  const qualified = `${timeSource({ precision: args.precision, seconds: true })}(?:${opts.join("|")})`;
  const timeRegex = args.local ? `${qualified}|${timeSource({ precision: args.precision })}` : qualified;
  return new RegExp(`^${dateSource}T(?:${timeRegex})$`);
}
var anyString = /^[\s\S]{0,}$/;
var integer = /^-?\d+$/;
var number = /^-?\d+(?:\.\d+)?$/;
var boolean = /^(?:true|false)$/i;
var lowercase = /^[^A-Z]*$/;
var uppercase = /^[^a-z]*$/;

// node_modules/zod/v4/core/checks.js
var $ZodCheck = /* @__PURE__ */ $constructor("$ZodCheck", (inst, def) => {
  var _a3;
  inst._zod ?? (inst._zod = {});
  inst._zod.def = def;
  (_a3 = inst._zod).onattach ?? (_a3.onattach = []);
});
var _whenHasLength = (payload) => {
  const val = payload.value;
  return !nullish(val) && val.length !== void 0;
};
var numericOriginMap = {
  number: "number",
  bigint: "bigint",
  object: "date"
};
var $ZodCheckLessThan = /* @__PURE__ */ $constructor("$ZodCheckLessThan", (inst, def) => {
  $ZodCheck.init(inst, def);
  const origin = numericOriginMap[typeof def.value];
  inst._zod.check = (payload) => {
    if (def.inclusive ? payload.value <= def.value : payload.value < def.value) {
      return;
    }
    payload.issues.push({
      origin: numericOriginMap[typeof payload.value] ?? origin,
      code: "too_big",
      maximum: typeof def.value === "object" ? def.value.getTime() : def.value,
      input: payload.value,
      inclusive: def.inclusive,
      inst,
      continue: !def.abort
    });
  };
});
var $ZodCheckGreaterThan = /* @__PURE__ */ $constructor("$ZodCheckGreaterThan", (inst, def) => {
  $ZodCheck.init(inst, def);
  const origin = numericOriginMap[typeof def.value];
  inst._zod.check = (payload) => {
    if (def.inclusive ? payload.value >= def.value : payload.value > def.value) {
      return;
    }
    payload.issues.push({
      origin: numericOriginMap[typeof payload.value] ?? origin,
      code: "too_small",
      minimum: typeof def.value === "object" ? def.value.getTime() : def.value,
      input: payload.value,
      inclusive: def.inclusive,
      inst,
      continue: !def.abort
    });
  };
});
var $ZodCheckMultipleOf = /* @__PURE__ */ $constructor("$ZodCheckMultipleOf", (inst, def) => {
  $ZodCheck.init(inst, def);
  inst._zod.check = (payload) => {
    if (typeof payload.value !== typeof def.value)
      throw new Error("Cannot mix number and bigint in multiple_of check.");
    const isMultiple = typeof payload.value === "bigint" ? (
      // `value % 0n` throws, and nothing is a multiple of zero — the number branch already fails this way via NaN
      def.value !== BigInt(0) && payload.value % def.value === BigInt(0)
    ) : floatSafeRemainder(payload.value, def.value) === 0;
    if (isMultiple)
      return;
    payload.issues.push({
      origin: typeof payload.value,
      code: "not_multiple_of",
      divisor: def.value,
      input: payload.value,
      inst,
      continue: !def.abort
    });
  };
});
var $ZodCheckNumberFormat = /* @__PURE__ */ $constructor("$ZodCheckNumberFormat", (inst, def) => {
  $ZodCheck.init(inst, def);
  def.format = def.format || "float64";
  const isInt = def.format?.includes("int");
  const origin = isInt ? "int" : "number";
  const [minimum, maximum] = NUMBER_FORMAT_RANGES[def.format];
  inst._zod.check = (payload) => {
    const input = payload.value;
    if (isInt) {
      if (!Number.isInteger(input)) {
        payload.issues.push({
          expected: origin,
          format: def.format,
          code: "invalid_type",
          continue: false,
          input,
          inst
        });
        return;
      }
      if (!Number.isSafeInteger(input)) {
        if (input > 0) {
          payload.issues.push({
            input,
            code: "too_big",
            maximum: Number.MAX_SAFE_INTEGER,
            note: "Integers must be within the safe integer range.",
            inst,
            origin,
            inclusive: true,
            continue: !def.abort
          });
        } else {
          payload.issues.push({
            input,
            code: "too_small",
            minimum: Number.MIN_SAFE_INTEGER,
            note: "Integers must be within the safe integer range.",
            inst,
            origin,
            inclusive: true,
            continue: !def.abort
          });
        }
        return;
      }
    }
    if (input < minimum) {
      payload.issues.push({
        origin: "number",
        input,
        code: "too_small",
        minimum,
        inclusive: true,
        inst,
        continue: !def.abort
      });
    }
    if (input > maximum) {
      payload.issues.push({
        origin: "number",
        input,
        code: "too_big",
        maximum,
        inclusive: true,
        inst,
        continue: !def.abort
      });
    }
  };
});
var $ZodCheckMaxLength = /* @__PURE__ */ $constructor("$ZodCheckMaxLength", (inst, def) => {
  var _a3;
  $ZodCheck.init(inst, def);
  (_a3 = inst._zod.def).when ?? (_a3.when = _whenHasLength);
  inst._zod.check = (payload) => {
    const input = payload.value;
    const units = input.length;
    const length = typeof input === "string" && units > def.maximum ? codePointLength(input) : units;
    if (length <= def.maximum)
      return;
    const origin = getLengthableOrigin(input);
    payload.issues.push({
      origin,
      code: "too_big",
      maximum: def.maximum,
      inclusive: true,
      input,
      inst,
      continue: !def.abort
    });
  };
});
var $ZodCheckMinLength = /* @__PURE__ */ $constructor("$ZodCheckMinLength", (inst, def) => {
  var _a3;
  $ZodCheck.init(inst, def);
  (_a3 = inst._zod.def).when ?? (_a3.when = _whenHasLength);
  inst._zod.check = (payload) => {
    const input = payload.value;
    const units = input.length;
    const length = typeof input === "string" && units >= def.minimum && units < def.minimum * 2 ? codePointLength(input) : units;
    if (length >= def.minimum)
      return;
    const origin = getLengthableOrigin(input);
    payload.issues.push({
      origin,
      code: "too_small",
      minimum: def.minimum,
      inclusive: true,
      input,
      inst,
      continue: !def.abort
    });
  };
});
var $ZodCheckLengthEquals = /* @__PURE__ */ $constructor("$ZodCheckLengthEquals", (inst, def) => {
  var _a3;
  $ZodCheck.init(inst, def);
  (_a3 = inst._zod.def).when ?? (_a3.when = _whenHasLength);
  inst._zod.check = (payload) => {
    const input = payload.value;
    const units = input.length;
    const length = typeof input === "string" && units >= def.length && units <= def.length * 2 ? codePointLength(input) : units;
    if (length === def.length)
      return;
    const origin = getLengthableOrigin(input);
    const tooBig = length > def.length;
    payload.issues.push({
      origin,
      ...tooBig ? { code: "too_big", maximum: def.length } : { code: "too_small", minimum: def.length },
      inclusive: true,
      exact: true,
      input: payload.value,
      inst,
      continue: !def.abort
    });
  };
});
var $ZodCheckStringFormat = /* @__PURE__ */ $constructor("$ZodCheckStringFormat", (inst, def) => {
  var _a3, _b;
  $ZodCheck.init(inst, def);
  if (def.pattern)
    (_a3 = inst._zod).check ?? (_a3.check = (payload) => {
      def.pattern.lastIndex = 0;
      if (def.pattern.test(payload.value))
        return;
      payload.issues.push({
        origin: "string",
        code: "invalid_format",
        format: def.format,
        input: payload.value,
        ...def.pattern ? { pattern: def.pattern.toString() } : {},
        inst,
        continue: !def.abort
      });
    });
  else
    (_b = inst._zod).check ?? (_b.check = () => {
    });
});
var $ZodCheckRegex = /* @__PURE__ */ $constructor("$ZodCheckRegex", (inst, def) => {
  $ZodCheckStringFormat.init(inst, def);
  inst._zod.check = (payload) => {
    def.pattern.lastIndex = 0;
    if (def.pattern.test(payload.value))
      return;
    payload.issues.push({
      origin: "string",
      code: "invalid_format",
      format: "regex",
      input: payload.value,
      pattern: def.pattern.toString(),
      inst,
      continue: !def.abort
    });
  };
});
var $ZodCheckLowerCase = /* @__PURE__ */ $constructor("$ZodCheckLowerCase", (inst, def) => {
  def.pattern ?? (def.pattern = lowercase);
  $ZodCheckStringFormat.init(inst, def);
});
var $ZodCheckUpperCase = /* @__PURE__ */ $constructor("$ZodCheckUpperCase", (inst, def) => {
  def.pattern ?? (def.pattern = uppercase);
  $ZodCheckStringFormat.init(inst, def);
});
var $ZodCheckIncludes = /* @__PURE__ */ $constructor("$ZodCheckIncludes", (inst, def) => {
  $ZodCheck.init(inst, def);
  const escapedRegex = escapeRegex(def.includes);
  const pattern = new RegExp(typeof def.position === "number" ? `^.{${def.position},}${escapedRegex}` : escapedRegex);
  def.pattern = pattern;
  inst._zod.check = (payload) => {
    if (payload.value.includes(def.includes, def.position))
      return;
    payload.issues.push({
      origin: "string",
      code: "invalid_format",
      format: "includes",
      includes: def.includes,
      input: payload.value,
      inst,
      continue: !def.abort
    });
  };
});
var $ZodCheckStartsWith = /* @__PURE__ */ $constructor("$ZodCheckStartsWith", (inst, def) => {
  $ZodCheck.init(inst, def);
  const pattern = new RegExp(`^${escapeRegex(def.prefix)}.*`);
  def.pattern ?? (def.pattern = pattern);
  inst._zod.check = (payload) => {
    if (payload.value.startsWith(def.prefix))
      return;
    payload.issues.push({
      origin: "string",
      code: "invalid_format",
      format: "starts_with",
      prefix: def.prefix,
      input: payload.value,
      inst,
      continue: !def.abort
    });
  };
});
var $ZodCheckEndsWith = /* @__PURE__ */ $constructor("$ZodCheckEndsWith", (inst, def) => {
  $ZodCheck.init(inst, def);
  const pattern = new RegExp(`.*${escapeRegex(def.suffix)}$`);
  def.pattern ?? (def.pattern = pattern);
  inst._zod.check = (payload) => {
    if (payload.value.endsWith(def.suffix))
      return;
    payload.issues.push({
      origin: "string",
      code: "invalid_format",
      format: "ends_with",
      suffix: def.suffix,
      input: payload.value,
      inst,
      continue: !def.abort
    });
  };
});
var $ZodCheckOverwrite = /* @__PURE__ */ $constructor("$ZodCheckOverwrite", (inst, def) => {
  $ZodCheck.init(inst, def);
  inst._zod.check = (payload) => {
    payload.value = def.tx(payload.value);
  };
});

// node_modules/zod/v4/core/doc.js
var Doc = class {
  constructor(args = [], closed = {}) {
    this.content = [];
    this.indent = 0;
    this.args = args;
    this.closed = closed;
  }
  // the compiler catches a child's throw and keeps writing into this doc, so the indent has to unwind with it
  indented(fn) {
    this.indent += 1;
    try {
      fn(this);
    } finally {
      this.indent -= 1;
    }
  }
  write(arg) {
    if (typeof arg === "function") {
      arg(this, { execution: "sync" });
      arg(this, { execution: "async" });
      return;
    }
    const content = arg;
    const lines = content.split("\n").filter((x) => x);
    const minIndent = Math.min(...lines.map((x) => x.length - x.trimStart().length));
    const dedented = lines.map((x) => x.slice(minIndent)).map((x) => " ".repeat(this.indent * 2) + x);
    for (const line of dedented) {
      this.content.push(line);
    }
  }
  compile() {
    const F = Function;
    const content = this?.content ?? [``];
    const factory = new F(...Object.keys(this.closed), `return function (${this.args.join(", ")}) {
${content.join("\n")}
};`);
    return factory(...Object.values(this.closed));
  }
};

// node_modules/zod/v4/core/versions.js
var version = {
  major: 4,
  minor: 6,
  patch: 7
};

// node_modules/zod/v4/core/schemas.js
var $ZodType = /* @__PURE__ */ $constructor("$ZodType", (inst, def) => {
  var _a3;
  inst ?? (inst = {});
  inst._zod.def = def;
  inst._zod.bag = inst._zod.bag || {};
  inst._zod.version = version;
  const defChecks = inst._zod.def.checks;
  const checks = inst._zod.traits.has("$ZodCheck") ? [inst, ...defChecks ?? []] : defChecks?.length ? [...defChecks] : [];
  for (const ch of checks) {
    for (const fn of ch._zod.onattach) {
      fn(inst);
    }
  }
  if (checks.length === 0) {
    (_a3 = inst._zod).deferred ?? (_a3.deferred = []);
    inst._zod.deferred?.push(() => {
      inst._zod.run = inst._zod.parse;
    });
  } else {
    const runChecks = (payload, checks2, ctx) => {
      if (payload.memo)
        return payload;
      let isAborted = aborted(payload);
      let asyncResult;
      for (const ch of checks2) {
        if (ch._zod.def.when) {
          if (explicitlyAborted(payload))
            continue;
          const shouldRun = ch._zod.def.when(payload);
          if (!shouldRun)
            continue;
        } else if (isAborted) {
          continue;
        }
        const currLen = payload.issues.length;
        const _ = ch._zod.check(payload);
        if (_ instanceof Promise && ctx?.async === false) {
          throw new $ZodAsyncError();
        }
        if (asyncResult || _ instanceof Promise) {
          asyncResult = (asyncResult ?? Promise.resolve()).then(async () => {
            await _;
            const nextLen = payload.issues.length;
            if (nextLen === currLen)
              return;
            attachSchema(payload.issues, currLen, inst);
            if (!isAborted)
              isAborted = aborted(payload, currLen);
          });
        } else {
          const nextLen = payload.issues.length;
          if (nextLen === currLen)
            continue;
          attachSchema(payload.issues, currLen, inst);
          if (!isAborted)
            isAborted = aborted(payload, currLen);
        }
      }
      if (asyncResult) {
        return asyncResult.then(() => {
          return payload;
        });
      }
      return payload;
    };
    const handleCanaryResult = (canary, payload, ctx) => {
      if (aborted(canary)) {
        canary.aborted = true;
        return canary;
      }
      const checkResult = runChecks(payload, checks, ctx);
      if (checkResult instanceof Promise) {
        if (ctx.async === false)
          throw new $ZodAsyncError();
        return checkResult.then((checkResult2) => inst._zod.parse(checkResult2, ctx));
      }
      return inst._zod.parse(checkResult, ctx);
    };
    inst._zod.run = (payload, ctx) => {
      if (ctx.skipChecks) {
        return inst._zod.parse(payload, ctx);
      }
      if (ctx.direction === "backward") {
        const canary = inst._zod.parse({ value: payload.value, issues: [] }, { ...ctx, skipChecks: true });
        if (canary instanceof Promise) {
          return canary.then((canary2) => {
            return handleCanaryResult(canary2, payload, ctx);
          });
        }
        return handleCanaryResult(canary, payload, ctx);
      }
      const result = inst._zod.parse(payload, ctx);
      if (result instanceof Promise) {
        if (ctx.async === false)
          throw new $ZodAsyncError();
        return result.then((result2) => runChecks(result2, checks, ctx));
      }
      return runChecks(result, checks, ctx);
    };
  }
}, {
  // Wrappers extend this by installing a richer factory over it; reading it eagerly would defeat the laziness.
  get "~standard"() {
    return hide(this, "~standard", standardProps(this));
  },
  set "~standard"(value) {
    own(this, "~standard", value);
  }
});
var toStandardResult = (r, ctx) => r.issues.length ? { issues: r.issues.map((iss) => finalizeIssue(iss, ctx, config())) } : { value: r.value };
async function validateAsync2(inst, value) {
  const ctx = { async: true };
  return toStandardResult(await inst._zod.run({ value, issues: [] }, ctx), ctx);
}
function standardProps(inst) {
  return {
    validate: (value) => {
      const ctx = { async: false };
      try {
        const r = inst._zod.run({ value, issues: [] }, ctx);
        if (!(r instanceof Promise))
          return toStandardResult(r, ctx);
      } catch (_) {
      }
      return validateAsync2(inst, value);
    },
    vendor: "zod",
    version: 1
  };
}
var $ZodString = /* @__PURE__ */ $constructor("$ZodString", (inst, def) => {
  $ZodType.init(inst, def);
  inst._zod.pattern = def.pattern ?? anyString;
  inst._zod.parse = (payload, _) => {
    if (def.coerce)
      try {
        payload.value = String(payload.value);
      } catch (_2) {
      }
    if (typeof payload.value === "string")
      return payload;
    payload.issues.push({
      expected: "string",
      code: "invalid_type",
      input: payload.value,
      inst
    });
    return payload;
  };
});
var $ZodStringFormat = /* @__PURE__ */ $constructor("$ZodStringFormat", (inst, def) => {
  $ZodCheckStringFormat.init(inst, def);
  $ZodString.init(inst, def);
});
var $ZodGUID = /* @__PURE__ */ $constructor("$ZodGUID", (inst, def) => {
  def.pattern ?? (def.pattern = guid);
  $ZodStringFormat.init(inst, def);
});
var $ZodUUID = /* @__PURE__ */ $constructor("$ZodUUID", (inst, def) => {
  if (def.version) {
    const versionMap = {
      v1: 1,
      v2: 2,
      v3: 3,
      v4: 4,
      v5: 5,
      v6: 6,
      v7: 7,
      v8: 8
    };
    const v = versionMap[def.version];
    if (v === void 0)
      throw new Error(`Invalid UUID version: "${def.version}"`);
    def.pattern ?? (def.pattern = uuid(v));
  } else
    def.pattern ?? (def.pattern = uuid());
  $ZodStringFormat.init(inst, def);
});
var $ZodEmail = /* @__PURE__ */ $constructor("$ZodEmail", (inst, def) => {
  def.pattern ?? (def.pattern = email);
  $ZodStringFormat.init(inst, def);
});
var URL_BAD_FORMAT = 1;
var URL_UNPARSEABLE = 2;
function canParseURL(input) {
  try {
    if (typeof URL !== "undefined" && typeof URL.canParse === "function")
      return URL.canParse(input);
    new URL(input);
    return true;
  } catch {
    return false;
  }
}
function validateURL(trimmed, def) {
  if (!("normalize" in def) && !("hostname" in def) && !("protocol" in def)) {
    return canParseURL(trimmed) || URL_UNPARSEABLE;
  }
  return parseURLObject(trimmed, def);
}
function parseURLObject(trimmed, def) {
  if (!def.normalize && def.protocol?.source === httpProtocol.source && !/^https?:\/\//i.test(trimmed)) {
    return URL_BAD_FORMAT;
  }
  try {
    if (typeof URL !== "undefined") {
      const URLStatic = URL;
      if (typeof URLStatic.parse === "function")
        return URLStatic.parse(trimmed) ?? URL_UNPARSEABLE;
    }
    return new URL(trimmed);
  } catch {
    return URL_UNPARSEABLE;
  }
}
var asciiTabOrNewline = /[\t\n\r]/g;
function stripTabAndNewline(value) {
  return value.replace(asciiTabOrNewline, "");
}
function urlHostnameOk(url, hostname) {
  hostname.lastIndex = 0;
  return hostname.test(url.hostname);
}
function urlProtocolOk(url, protocol) {
  protocol.lastIndex = 0;
  return protocol.test(url.protocol.endsWith(":") ? url.protocol.slice(0, -1) : url.protocol);
}
var $ZodURL = /* @__PURE__ */ $constructor("$ZodURL", (inst, def) => {
  $ZodStringFormat.init(inst, def);
  inst._zod.check = (payload) => {
    try {
      const trimmed = payload.value.trim();
      const url = validateURL(trimmed, def);
      if (url === URL_BAD_FORMAT) {
        payload.issues.push({
          code: "invalid_format",
          format: "url",
          note: "Invalid URL format",
          input: payload.value,
          inst,
          continue: !def.abort
        });
        return;
      }
      if (url === URL_UNPARSEABLE) {
        payload.issues.push({
          code: "invalid_format",
          format: "url",
          input: payload.value,
          inst,
          continue: !def.abort
        });
        return;
      }
      if (url === true) {
        payload.value = stripTabAndNewline(trimmed);
        return;
      }
      if (def.hostname && !urlHostnameOk(url, def.hostname)) {
        payload.issues.push({
          code: "invalid_format",
          format: "url",
          note: "Invalid hostname",
          pattern: def.hostname.source,
          input: payload.value,
          inst,
          continue: !def.abort
        });
      }
      if (def.protocol && !urlProtocolOk(url, def.protocol)) {
        payload.issues.push({
          code: "invalid_format",
          format: "url",
          note: "Invalid protocol",
          pattern: def.protocol.source,
          input: payload.value,
          inst,
          continue: !def.abort
        });
      }
      payload.value = def.normalize ? url.href : stripTabAndNewline(trimmed);
      return;
    } catch (_) {
      payload.issues.push({
        code: "invalid_format",
        format: "url",
        input: payload.value,
        inst,
        continue: !def.abort
      });
    }
  };
});
var $ZodEmoji = /* @__PURE__ */ $constructor("$ZodEmoji", (inst, def) => {
  def.pattern ?? (def.pattern = emoji());
  $ZodStringFormat.init(inst, def);
});
var $ZodNanoID = /* @__PURE__ */ $constructor("$ZodNanoID", (inst, def) => {
  if (def.length !== void 0 && (!Number.isInteger(def.length) || def.length < 1))
    throw new Error(`Invalid nanoid length: ${def.length}`);
  def.pattern ?? (def.pattern = def.length === void 0 ? nanoid : nanoidOfLength(def.length));
  $ZodStringFormat.init(inst, def);
});
var $ZodCUID = /* @__PURE__ */ $constructor("$ZodCUID", (inst, def) => {
  def.pattern ?? (def.pattern = cuid);
  $ZodStringFormat.init(inst, def);
});
var $ZodCUID2 = /* @__PURE__ */ $constructor("$ZodCUID2", (inst, def) => {
  def.pattern ?? (def.pattern = cuid2);
  $ZodStringFormat.init(inst, def);
});
var $ZodULID = /* @__PURE__ */ $constructor("$ZodULID", (inst, def) => {
  def.pattern ?? (def.pattern = ulid);
  $ZodStringFormat.init(inst, def);
});
var $ZodXID = /* @__PURE__ */ $constructor("$ZodXID", (inst, def) => {
  def.pattern ?? (def.pattern = xid);
  $ZodStringFormat.init(inst, def);
});
var $ZodKSUID = /* @__PURE__ */ $constructor("$ZodKSUID", (inst, def) => {
  def.pattern ?? (def.pattern = ksuid);
  $ZodStringFormat.init(inst, def);
});
var $ZodISODateTime = /* @__PURE__ */ $constructor("$ZodISODateTime", (inst, def) => {
  def.pattern ?? (def.pattern = datetime(def));
  $ZodStringFormat.init(inst, def);
});
var $ZodISODate = /* @__PURE__ */ $constructor("$ZodISODate", (inst, def) => {
  def.pattern ?? (def.pattern = date);
  $ZodStringFormat.init(inst, def);
});
var $ZodISOTime = /* @__PURE__ */ $constructor("$ZodISOTime", (inst, def) => {
  def.pattern ?? (def.pattern = time(def));
  $ZodStringFormat.init(inst, def);
});
var $ZodISODuration = /* @__PURE__ */ $constructor("$ZodISODuration", (inst, def) => {
  def.pattern ?? (def.pattern = duration);
  $ZodStringFormat.init(inst, def);
});
var $ZodIPv4 = /* @__PURE__ */ $constructor("$ZodIPv4", (inst, def) => {
  def.pattern ?? (def.pattern = ipv4);
  $ZodStringFormat.init(inst, def);
});
var ipv6Alphabet = /^[0-9a-fA-F:.]+$/;
function isValidIPv6(value) {
  if (!ipv6Alphabet.test(value))
    return false;
  return canParseURL(`http://[${value}]`);
}
var $ZodIPv6 = /* @__PURE__ */ $constructor("$ZodIPv6", (inst, def) => {
  def.pattern ?? (def.pattern = ipv6);
  $ZodStringFormat.init(inst, def);
  inst._zod.check = (payload) => {
    if (!isValidIPv6(payload.value)) {
      payload.issues.push({
        code: "invalid_format",
        format: "ipv6",
        input: payload.value,
        inst,
        continue: !def.abort
      });
    }
  };
});
var $ZodCIDRv4 = /* @__PURE__ */ $constructor("$ZodCIDRv4", (inst, def) => {
  def.pattern ?? (def.pattern = cidrv4);
  $ZodStringFormat.init(inst, def);
});
function isValidCIDRv6(value) {
  const parts = value.split("/");
  if (parts.length !== 2)
    return false;
  const [address, prefix] = parts;
  if (!prefix)
    return false;
  const prefixNum = Number(prefix);
  if (`${prefixNum}` !== prefix)
    return false;
  if (prefixNum < 0 || prefixNum > 128)
    return false;
  return isValidIPv6(address);
}
var $ZodCIDRv6 = /* @__PURE__ */ $constructor("$ZodCIDRv6", (inst, def) => {
  def.pattern ?? (def.pattern = cidrv6);
  $ZodStringFormat.init(inst, def);
  inst._zod.check = (payload) => {
    if (!isValidCIDRv6(payload.value)) {
      payload.issues.push({
        code: "invalid_format",
        format: "cidrv6",
        input: payload.value,
        inst,
        continue: !def.abort
      });
    }
  };
});
function isValidBase64(data) {
  if (data === "")
    return true;
  if (/\s/.test(data))
    return false;
  if (data.length % 4 !== 0)
    return false;
  try {
    atob(data);
    return true;
  } catch {
    return false;
  }
}
var base64Charset = /^[0-9a-zA-Z+/]*={0,2}$/;
var $ZodBase64 = /* @__PURE__ */ $constructor("$ZodBase64", (inst, def) => {
  def.pattern ?? (def.pattern = base64Charset);
  $ZodStringFormat.init(inst, def);
  inst._zod.check = (payload) => {
    if (isValidBase64(payload.value))
      return;
    payload.issues.push({
      code: "invalid_format",
      format: "base64",
      input: payload.value,
      inst,
      continue: !def.abort
    });
  };
});
var base64urlCharset = /^[A-Za-z0-9_-]*$/;
function isValidBase64URL(data) {
  if (!base64urlCharset.test(data))
    return false;
  const base642 = data.replace(/[-_]/g, (c) => c === "-" ? "+" : "/");
  const padded = base642.padEnd(Math.ceil(base642.length / 4) * 4, "=");
  return isValidBase64(padded);
}
var $ZodBase64URL = /* @__PURE__ */ $constructor("$ZodBase64URL", (inst, def) => {
  def.pattern ?? (def.pattern = base64urlCharset);
  $ZodStringFormat.init(inst, def);
  inst._zod.check = (payload) => {
    if (isValidBase64URL(payload.value))
      return;
    payload.issues.push({
      code: "invalid_format",
      format: "base64url",
      input: payload.value,
      inst,
      continue: !def.abort
    });
  };
});
var $ZodE164 = /* @__PURE__ */ $constructor("$ZodE164", (inst, def) => {
  def.pattern ?? (def.pattern = e164);
  $ZodStringFormat.init(inst, def);
});
function isValidJWT(token, algorithm = null) {
  try {
    const tokensParts = token.split(".");
    if (tokensParts.length !== 3)
      return false;
    const [header2] = tokensParts;
    if (!header2)
      return false;
    const parsedHeader = JSON.parse(atob(header2));
    if ("typ" in parsedHeader && parsedHeader?.typ !== "JWT")
      return false;
    if (!parsedHeader.alg)
      return false;
    if (algorithm && (!("alg" in parsedHeader) || parsedHeader.alg !== algorithm))
      return false;
    return true;
  } catch {
    return false;
  }
}
var $ZodJWT = /* @__PURE__ */ $constructor("$ZodJWT", (inst, def) => {
  $ZodStringFormat.init(inst, def);
  inst._zod.check = (payload) => {
    if (isValidJWT(payload.value, def.alg))
      return;
    payload.issues.push({
      code: "invalid_format",
      format: "jwt",
      input: payload.value,
      inst,
      continue: !def.abort
    });
  };
});
var $ZodNumber = /* @__PURE__ */ $constructor("$ZodNumber", (inst, def) => {
  $ZodType.init(inst, def);
  inst._zod.pattern = number;
  inst._zod.parse = (payload, _ctx) => {
    if (def.coerce)
      try {
        payload.value = Number(payload.value);
      } catch (_) {
      }
    const input = payload.value;
    if (typeof input === "number" && !Number.isNaN(input) && Number.isFinite(input)) {
      return payload;
    }
    const received = typeof input === "number" ? Number.isNaN(input) ? "NaN" : !Number.isFinite(input) ? String(input) : void 0 : void 0;
    payload.issues.push({
      expected: "number",
      code: "invalid_type",
      input,
      inst,
      ...received ? { received } : {}
    });
    return payload;
  };
});
var $ZodNumberFormat = /* @__PURE__ */ $constructor("$ZodNumberFormat", (inst, def) => {
  $ZodCheckNumberFormat.init(inst, def);
  $ZodNumber.init(inst, def);
});
var $ZodBoolean = /* @__PURE__ */ $constructor("$ZodBoolean", (inst, def) => {
  $ZodType.init(inst, def);
  inst._zod.pattern = boolean;
  inst._zod.parse = (payload, _ctx) => {
    if (def.coerce)
      try {
        payload.value = Boolean(payload.value);
      } catch (_) {
      }
    const input = payload.value;
    if (typeof input === "boolean")
      return payload;
    payload.issues.push({
      expected: "boolean",
      code: "invalid_type",
      input,
      inst
    });
    return payload;
  };
});
var $ZodUnknown = /* @__PURE__ */ $constructor("$ZodUnknown", (inst, def) => {
  $ZodType.init(inst, def);
  inst._zod.parse = (payload) => payload;
});
var $ZodNever = /* @__PURE__ */ $constructor("$ZodNever", (inst, def) => {
  $ZodType.init(inst, def);
  inst._zod.parse = (payload, _ctx) => {
    payload.issues.push({
      expected: "never",
      code: "invalid_type",
      input: payload.value,
      inst
    });
    return payload;
  };
});
function capSize(inst, size) {
  const caps = sizeCaps(inst._zod.def.checks);
  if (!caps.length)
    return;
  const cap = Math.min(...caps.map((c) => c[0]));
  const parse2 = inst._zod.parse;
  inst._zod.parse = (payload, ctx) => {
    const n = size(payload.value);
    if (n > cap && !ctx?.skipChecks && ctx?.direction !== "backward") {
      for (const [max, ch] of sizeCaps(inst._zod.def.checks)) {
        if (n > max && ch._zod.def.when(payload)) {
          const start = payload.issues.length;
          ch._zod.check(payload);
          payload.issues[start].continue = false;
          attachSchema(payload.issues, start, inst);
          return payload;
        }
      }
    }
    return parse2(payload, ctx);
  };
}
var arraySize = (input) => Array.isArray(input) ? input.length : -1;
function handleArrayResult(result, final, index) {
  if (result.issues.length) {
    final.issues.push(...prefixIssues(index, result.issues));
  }
  final.value[index] = result.value;
}
var $ZodArray = /* @__PURE__ */ $constructor("$ZodArray", (inst, def) => {
  $ZodType.init(inst, def);
  const memo2 = globalConfig.memoizer;
  memo2?.attach(inst);
  inst._zod.parse = (payload, ctx) => {
    const input = payload.value;
    if (!Array.isArray(input)) {
      payload.issues.push({
        expected: "array",
        code: "invalid_type",
        input,
        inst
      });
      return payload;
    }
    payload.value = memo2 ? memo2.alloc(inst, payload, Array(input.length), ctx) : Array(input.length);
    const proms = [];
    const abortEarly = ctx?.abortEarly;
    for (let i = 0; i < input.length; i++) {
      const item = input[i];
      const result = def.element._zod.run({
        value: item,
        issues: []
      }, ctx);
      if (result instanceof Promise) {
        proms.push(result.then((result2) => handleArrayResult(result2, payload, i)));
      } else {
        handleArrayResult(result, payload, i);
        if (abortEarly && result.issues.length !== 0 && aborted(result))
          break;
      }
    }
    if (proms.length) {
      return Promise.all(proms).then(() => payload);
    }
    return payload;
  };
  capSize(inst, arraySize);
});
function handlePropertyResult(result, final, key, input, optin, optout) {
  const isPresent = key in input;
  const isOptionalOut = optout === "optional";
  if (!isPresent && isOptionalOut && optin === "optional") {
    return;
  }
  if (result.issues.length) {
    if (optin !== void 0 && isOptionalOut && !isPresent) {
      return;
    }
    final.issues.push(...prefixIssues(key, result.issues));
  }
  if (!isPresent && optin === void 0) {
    if (!result.issues.length) {
      final.issues.push({
        code: "invalid_type",
        expected: "nonoptional",
        input: void 0,
        path: [key]
      });
    }
    return;
  }
  if (result.value === void 0) {
    if (isPresent || optin === "defaulted" && !isOptionalOut) {
      final.value[key] = void 0;
    }
  } else {
    final.value[key] = result.value;
  }
}
var NO_SYMBOL_KEYS = [];
function normalizeDef(def) {
  const keys = Object.keys(def.shape);
  const ownSymbols = Object.getOwnPropertySymbols(def.shape);
  const symbolKeys = ownSymbols.length ? ownSymbols : NO_SYMBOL_KEYS;
  const allKeys = symbolKeys.length ? [...keys, ...symbolKeys] : keys;
  for (const k of allKeys) {
    if (!def.shape?.[k]?._zod?.traits?.has("$ZodType")) {
      throw new Error(`Invalid element at key "${String(k)}": expected a Zod schema`);
    }
  }
  const okeys = optionalKeys(def.shape);
  return {
    ...def,
    allKeys,
    symbolKeys,
    // string-only: handleCatchall matches it against `for...in`, which never yields a symbol
    keySet: new Set(keys),
    numKeys: keys.length,
    optionalKeys: new Set(okeys)
  };
}
function handleCatchall(proms, input, payload, ctx, def, inst, abortEarly) {
  const unrecognized = [];
  const keySet = def.keySet;
  const _catchall = def.catchall._zod;
  const t = _catchall.def.type;
  const optin = _catchall.optin;
  const optout = _catchall.optout;
  let seen = 0;
  for (const key in input) {
    if (abortEarly && payload.issues.length !== seen) {
      if (aborted(payload, seen))
        break;
      seen = payload.issues.length;
    }
    if (keySet.has(key))
      continue;
    if (key === "__proto__") {
      if (t === "never")
        unrecognized.push(key);
      continue;
    }
    if (t === "never") {
      unrecognized.push(key);
      continue;
    }
    const r = _catchall.run({ value: input[key], issues: [] }, ctx);
    if (r instanceof Promise) {
      proms.push(r.then((r2) => handlePropertyResult(r2, payload, key, input, optin, optout)));
    } else {
      handlePropertyResult(r, payload, key, input, optin, optout);
    }
  }
  if (unrecognized.length) {
    payload.issues.push({
      code: "unrecognized_keys",
      keys: unrecognized,
      input,
      inst,
      // Describes the shape of the input, not the validity of the parsed value, so it never aborts. The parse still fails; the schema's own checks just get to run first, and an enclosing intersection can reconcile the key against a sibling operand.
      continue: true
    });
  }
  if (!proms.length)
    return payload;
  return Promise.all(proms).then(() => {
    return payload;
  });
}
var $ZodObject = /* @__PURE__ */ $constructor("$ZodObject", (inst, def) => {
  $ZodType.init(inst, def);
  const desc = Object.getOwnPropertyDescriptor(def, "shape");
  const sh = desc?.get ? desc.get.raw : def.shape ?? {};
  if (sh) {
    const get = () => {
      const newSh = { ...sh };
      Object.defineProperty(def, "shape", { value: newSh });
      get.raw = newSh;
      return newSh;
    };
    get.raw = sh;
    Object.defineProperty(def, "shape", { get });
  }
  const _normalized = cached(() => normalizeDef(def));
  defineLazyInternal(inst, "propValues", (zod) => {
    const shape = zod.def.shape;
    const propValues = {};
    for (const key in shape) {
      const field = shape[key]._zod;
      if (field.values) {
        if (!Object.prototype.hasOwnProperty.call(propValues, key)) {
          assignProp(propValues, key, /* @__PURE__ */ new Set());
        }
        for (const v of field.values)
          propValues[key].add(v);
        if (field.optin !== void 0)
          propValues[key].add(void 0);
      }
    }
    return propValues;
  });
  const isObject2 = isObject;
  const catchall = def.catchall;
  let value;
  const memo2 = globalConfig.memoizer;
  memo2?.attach(inst);
  inst._zod.parse = (payload, ctx) => {
    value ?? (value = _normalized.value);
    const input = payload.value;
    if (!isObject2(input)) {
      payload.issues.push({
        expected: "object",
        code: "invalid_type",
        input,
        inst
      });
      return payload;
    }
    payload.value = memo2 ? memo2.alloc(inst, payload, {}, ctx) : {};
    const proms = [];
    const shape = value.shape;
    const abortEarly = ctx?.abortEarly;
    let seen = payload.issues.length;
    for (const key of value.allKeys) {
      if (abortEarly && payload.issues.length !== seen) {
        if (aborted(payload, seen))
          break;
        seen = payload.issues.length;
      }
      if (key === "__proto__")
        continue;
      const el = shape[key];
      const optin = el._zod.optin;
      const optout = el._zod.optout;
      const r = el._zod.run({ value: input[key], issues: [] }, ctx);
      if (r instanceof Promise) {
        proms.push(r.then((r2) => handlePropertyResult(r2, payload, key, input, optin, optout)));
      } else {
        handlePropertyResult(r, payload, key, input, optin, optout);
      }
    }
    if (!catchall) {
      return proms.length ? Promise.all(proms).then(() => payload) : payload;
    }
    return handleCatchall(proms, input, payload, ctx, _normalized.value, inst, abortEarly === true);
  };
});
var $ZodObjectJIT = /* @__PURE__ */ $constructor("$ZodObjectJIT", (inst, def) => {
  $ZodObject.init(inst, def);
  const superParse = inst._zod.parse;
  const _normalized = cached(() => normalizeDef(def));
  const memo2 = globalConfig.memoizer;
  const generateFastpass = (shape) => {
    const normalized = _normalized.value;
    const syms = normalized.symbolKeys;
    const doc = new Doc(["payload", "ctx"], { shape, inst, memo: memo2, syms });
    const parseStr = (k) => `shape[${k}]._zod.run({ value: input[${k}], issues: [] }, ctx)`;
    const prefixStr = (id, k) => `
          let ${id}_ab = false;
          for (let i = 0; i < ${id}.issues.length; i++) {
            const iss = ${id}.issues[i];
            iss.path = iss.path ? [${k}, ...iss.path] : [${k}];
            payload.issues.push(iss);
            if (iss.continue !== true) ${id}_ab = true;
          }
          if (${id}_ab && ctx && ctx.abortEarly) {
            payload.value = newResult;
            return payload;
          }`;
    doc.write(`const input = payload.value;`);
    const ids = /* @__PURE__ */ Object.create(null);
    let counter = 0;
    for (const key of normalized.allKeys) {
      ids[key] = `key_${counter++}`;
    }
    doc.write(memo2 ? `const newResult = memo.alloc(inst, payload, {}, ctx);` : `const newResult = {};`);
    for (const key of normalized.allKeys) {
      if (key === "__proto__")
        continue;
      const id = ids[key];
      const k = typeof key === "symbol" ? `syms[${syms.indexOf(key)}]` : esc(key);
      const isPresent = `${k} in input`;
      const schema = shape[key];
      const optin = schema?._zod?.optin;
      const isOptionalIn = optin !== void 0;
      const isOptionalOut = schema?._zod?.optout === "optional";
      doc.write(`const ${id} = ${parseStr(k)};`);
      if (isOptionalIn && isOptionalOut) {
        const assign = optin === "optional" ? `${id}_present` : `${id}.value !== undefined || ${id}_present`;
        doc.write(`
        const ${id}_present = ${isPresent};
        if (!${id}.issues.length || ${id}_present) {
          if (${id}.issues.length) {${prefixStr(id, k)}
          }

          if (${assign}) {
            newResult[${k}] = ${id}.value;
          }
        }

      `);
      } else if (!isOptionalIn) {
        doc.write(`
        const ${id}_present = ${isPresent};
        if (${id}.issues.length) {${prefixStr(id, k)}
        }
        if (!${id}_present && !${id}.issues.length) {
          payload.issues.push({
            code: "invalid_type",
            expected: "nonoptional",
            input: undefined,
            path: [${k}]
          });
          if (ctx && ctx.abortEarly) {
            payload.value = newResult;
            return payload;
          }
        }

        if (${id}_present) {
          newResult[${k}] = ${id}.value;
        }

      `);
      } else {
        doc.write(`
        if (${id}.issues.length) {${prefixStr(id, k)}
        }
      `);
        if (optin === "defaulted") {
          doc.write(`newResult[${k}] = ${id}.value;`);
        } else {
          doc.write(`
        if (${id}.value !== undefined || ${isPresent}) {
          newResult[${k}] = ${id}.value;
        }
      `);
        }
      }
    }
    doc.write(`payload.value = newResult;`);
    doc.write(`return payload;`);
    return doc.compile();
  };
  let fastpass;
  const isObject2 = isObject;
  const jit = !globalConfig.jitless;
  const allowsEval2 = allowsEval;
  const fastEnabled = jit && allowsEval2.value;
  const catchall = def.catchall;
  let value;
  inst._zod.parse = (payload, ctx) => {
    value ?? (value = _normalized.value);
    const input = payload.value;
    if (!isObject2(input)) {
      payload.issues.push({
        expected: "object",
        code: "invalid_type",
        input,
        inst
      });
      return payload;
    }
    if (jit && fastEnabled && ctx?.async === false && ctx.jitless !== true) {
      if (!fastpass)
        fastpass = generateFastpass(def.shape);
      payload = fastpass(payload, ctx);
      if (!catchall)
        return payload;
      return handleCatchall([], input, payload, ctx, value, inst, ctx?.abortEarly === true);
    }
    return superParse(payload, ctx);
  };
});
function handleUnionResults(results, final, inst, ctx) {
  for (const result of results) {
    if (result.issues.length === 0) {
      final.value = result.value;
      return final;
    }
  }
  const nonaborted = results.filter((r) => !aborted(r));
  if (nonaborted.length === 1) {
    final.value = nonaborted[0].value;
    return nonaborted[0];
  }
  final.issues.push({
    code: "invalid_union",
    input: final.value,
    inst,
    errors: results.map((result) => result.issues.map((iss) => finalizeIssue(iss, ctx, config())))
  });
  return final;
}
var $ZodUnion = /* @__PURE__ */ $constructor("$ZodUnion", (inst, def) => {
  $ZodType.init(inst, def);
  defineLazyInternal(inst, "optin", (zod) => zod.def.options.some((o) => o._zod.optin === "defaulted") ? "defaulted" : zod.def.options.some((o) => o._zod.optin !== void 0) ? "optional" : void 0);
  defineLazyInternal(inst, "optout", (zod) => zod.def.options.some((o) => o._zod.optout === "optional") ? "optional" : void 0);
  defineLazyInternal(inst, "values", (zod) => {
    if (zod.def.options.every((o) => o._zod.values)) {
      return new Set(zod.def.options.flatMap((option) => Array.from(option._zod.values)));
    }
    return void 0;
  });
  defineLazyInternal(inst, "pattern", (zod) => {
    if (zod.def.options.every((o) => o._zod.pattern)) {
      const patterns2 = zod.def.options.map((o) => o._zod.pattern);
      return new RegExp(`^(${patterns2.map((p) => cleanRegex(p.source)).join("|")})$`);
    }
    return void 0;
  });
  const first = def.options.length === 1 ? def.options[0]._zod.run : null;
  inst._zod.parse = (payload, ctx) => {
    if (first) {
      return first(payload, ctx);
    }
    let async = false;
    const results = [];
    for (const option of def.options) {
      const result = option._zod.run({
        value: payload.value,
        issues: []
      }, ctx);
      if (result instanceof Promise) {
        results.push(result);
        async = true;
      } else {
        if (result.issues.length === 0)
          return result;
        results.push(result);
      }
    }
    if (!async)
      return handleUnionResults(results, payload, inst, ctx);
    return Promise.all(results).then((results2) => {
      return handleUnionResults(results2, payload, inst, ctx);
    });
  };
});
var $ZodIntersection = /* @__PURE__ */ $constructor("$ZodIntersection", (inst, def) => {
  $ZodType.init(inst, def);
  inst._zod.parse = (payload, ctx) => {
    const input = payload.value;
    const left = def.left._zod.run({ value: input, issues: [] }, ctx);
    const right = def.right._zod.run({ value: input, issues: [] }, ctx);
    const async = left instanceof Promise || right instanceof Promise;
    if (async) {
      return Promise.all([left, right]).then(([left2, right2]) => {
        return handleIntersectionResults(payload, left2, right2);
      });
    }
    return handleIntersectionResults(payload, left, right);
  };
});
function mergeValues(a, b) {
  if (a === b) {
    return { valid: true, data: a };
  }
  if (a instanceof Date && b instanceof Date && +a === +b) {
    return { valid: true, data: a };
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    const bKeys = Object.keys(b);
    const sharedKeys = Object.keys(a).filter((key) => bKeys.indexOf(key) !== -1);
    const newObj = { ...a, ...b };
    if (Object.prototype.hasOwnProperty.call(newObj, "__proto__"))
      delete newObj.__proto__;
    for (const key of sharedKeys) {
      if (key === "__proto__")
        continue;
      const sharedValue = mergeValues(a[key], b[key]);
      if (!sharedValue.valid) {
        return {
          valid: false,
          mergeErrorPath: [key, ...sharedValue.mergeErrorPath]
        };
      }
      newObj[key] = sharedValue.data;
    }
    return { valid: true, data: newObj };
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) {
      return { valid: false, mergeErrorPath: [] };
    }
    const newArray = [];
    for (let index = 0; index < a.length; index++) {
      const itemA = a[index];
      const itemB = b[index];
      const sharedValue = mergeValues(itemA, itemB);
      if (!sharedValue.valid) {
        return {
          valid: false,
          mergeErrorPath: [index, ...sharedValue.mergeErrorPath]
        };
      }
      newArray.push(sharedValue.data);
    }
    return { valid: true, data: newArray };
  }
  return { valid: false, mergeErrorPath: [] };
}
function handleIntersectionResults(result, left, right) {
  const unrecKeys = /* @__PURE__ */ new Map();
  let unrecIssue;
  const keyIssues = /* @__PURE__ */ new Map();
  const collect = (iss, side) => {
    let keys;
    if (iss.code === "unrecognized_keys" && !iss.path?.length) {
      unrecIssue ?? (unrecIssue = iss);
      keys = iss.keys;
    } else if (iss.code === "invalid_key" && iss.origin === "record" && iss.path?.length === 1) {
      const k = String(iss.path[0]);
      if (!keyIssues.has(k))
        keyIssues.set(k, iss);
      keys = [k];
    } else {
      return false;
    }
    for (const k of keys) {
      if (!unrecKeys.has(k))
        unrecKeys.set(k, {});
      unrecKeys.get(k)[side] = true;
    }
    return true;
  };
  for (const iss of left.issues) {
    if (!collect(iss, "l"))
      result.issues.push(iss);
  }
  for (const iss of right.issues) {
    if (!collect(iss, "r"))
      result.issues.push(iss);
  }
  const bothKeys = [...unrecKeys].filter(([, f]) => f.l && f.r).map(([k]) => k);
  if (bothKeys.length) {
    const aggregated = unrecIssue ? bothKeys.filter((k) => unrecIssue.keys.includes(k)) : [];
    if (aggregated.length)
      result.issues.push({ ...unrecIssue, keys: aggregated });
    for (const k of bothKeys) {
      if (!aggregated.includes(k) && keyIssues.has(k))
        result.issues.push(keyIssues.get(k));
    }
  }
  const merged = mergeValues(left.value, right.value);
  if (!merged.valid) {
    if (aborted(result))
      return result;
    throw new Error(`Unmergable intersection. Error path: ${JSON.stringify(merged.mergeErrorPath)}`);
  }
  result.value = merged.data;
  return result;
}
var $ZodRecord = /* @__PURE__ */ $constructor("$ZodRecord", (inst, def) => {
  $ZodType.init(inst, def);
  const memo2 = globalConfig.memoizer;
  memo2?.attach(inst);
  inst._zod.parse = (payload, ctx) => {
    const input = payload.value;
    if (!isPlainObject(input)) {
      payload.issues.push({
        expected: "record",
        code: "invalid_type",
        input,
        inst
      });
      return payload;
    }
    const proms = [];
    const values = def.keyType._zod.values;
    if (values && !def.partial) {
      payload.value = memo2 ? memo2.alloc(inst, payload, {}, ctx) : {};
      const recordKeys = /* @__PURE__ */ new Set();
      for (const key of values) {
        if (typeof key === "string" || typeof key === "number" || typeof key === "symbol") {
          recordKeys.add(typeof key === "number" ? key.toString() : key);
          if (key === "__proto__")
            continue;
          const keyResult = def.keyType._zod.run({ value: key, issues: [] }, ctx);
          if (keyResult instanceof Promise) {
            throw new Error("Async schemas not supported in object keys currently");
          }
          if (keyResult.issues.length) {
            payload.issues.push({
              code: "invalid_key",
              origin: "record",
              issues: keyResult.issues.map((iss) => finalizeIssue(iss, ctx, config())),
              input: key,
              path: [key],
              inst
            });
            continue;
          }
          const outKey = keyResult.value;
          if (outKey === "__proto__")
            continue;
          const result = def.valueType._zod.run({ value: input[key], issues: [] }, ctx);
          if (result instanceof Promise) {
            proms.push(result.then((result2) => {
              if (result2.issues.length) {
                payload.issues.push(...prefixIssues(key, result2.issues));
              }
              payload.value[outKey] = result2.value;
            }));
          } else {
            if (result.issues.length) {
              payload.issues.push(...prefixIssues(key, result.issues));
            }
            payload.value[outKey] = result.value;
          }
        }
      }
      let unrecognized;
      for (const key in input) {
        if (!recordKeys.has(key)) {
          if (def.mode === "loose") {
            if (key === "__proto__")
              continue;
            payload.value[key] = input[key];
          } else {
            unrecognized = unrecognized ?? [];
            unrecognized.push(key);
          }
        }
      }
      if (unrecognized && unrecognized.length > 0) {
        payload.issues.push({
          code: "unrecognized_keys",
          input,
          inst,
          keys: unrecognized,
          continue: true
        });
      }
    } else {
      payload.value = memo2 ? memo2.alloc(inst, payload, {}, ctx) : {};
      let unrecognized;
      for (const key of Reflect.ownKeys(input)) {
        if (key === "__proto__")
          continue;
        if (!Object.prototype.propertyIsEnumerable.call(input, key))
          continue;
        let keyResult = def.keyType._zod.run({ value: key, issues: [] }, ctx);
        if (keyResult instanceof Promise) {
          throw new Error("Async schemas not supported in object keys currently");
        }
        const checkNumericKey = typeof key === "string" && number.test(key) && keyResult.issues.length;
        if (checkNumericKey) {
          const retryResult = def.keyType._zod.run({ value: Number(key), issues: [] }, ctx);
          if (retryResult instanceof Promise) {
            throw new Error("Async schemas not supported in object keys currently");
          }
          if (retryResult.issues.length === 0) {
            keyResult = retryResult;
          }
        }
        if (keyResult.issues.length) {
          if (def.mode === "loose") {
            payload.value[key] = input[key];
          } else if (values) {
            unrecognized = unrecognized ?? [];
            unrecognized.push(key);
          } else {
            payload.issues.push({
              code: "invalid_key",
              origin: "record",
              issues: keyResult.issues.map((iss) => finalizeIssue(iss, ctx, config())),
              input: key,
              path: [key],
              inst
            });
          }
          continue;
        }
        const outKey = keyResult.value;
        if (outKey === "__proto__")
          continue;
        const result = def.valueType._zod.run({ value: input[key], issues: [] }, ctx);
        if (result instanceof Promise) {
          proms.push(result.then((result2) => {
            if (result2.issues.length) {
              payload.issues.push(...prefixIssues(key, result2.issues));
            }
            payload.value[outKey] = result2.value;
          }));
        } else {
          if (result.issues.length) {
            payload.issues.push(...prefixIssues(key, result.issues));
          }
          payload.value[outKey] = result.value;
        }
      }
      if (unrecognized && unrecognized.length > 0) {
        payload.issues.push({
          code: "unrecognized_keys",
          input,
          inst,
          keys: unrecognized,
          continue: true
        });
      }
    }
    if (proms.length) {
      return Promise.all(proms).then(() => payload);
    }
    return payload;
  };
});
var $ZodEnum = /* @__PURE__ */ $constructor("$ZodEnum", (inst, def) => {
  $ZodType.init(inst, def);
  const values = getEnumValues(def.entries);
  const valuesSet = new Set(values);
  inst._zod.values = valuesSet;
  defineLazyInternal(inst, "pattern", (zod) => {
    const patternValues = getEnumValues(zod.def.entries).filter((k) => propertyKeyTypes.has(typeof k));
    return new RegExp(patternValues.length ? `^(${patternValues.map((o) => escapeRegex(o.toString())).join("|")})$` : "^[^\\s\\S]$");
  });
  inst._zod.parse = (payload, _ctx) => {
    const input = payload.value;
    if (valuesSet.has(input)) {
      return payload;
    }
    payload.issues.push({
      code: "invalid_value",
      values,
      input,
      inst
    });
    return payload;
  };
});
var $ZodLiteral = /* @__PURE__ */ $constructor("$ZodLiteral", (inst, def) => {
  $ZodType.init(inst, def);
  const values = new Set(def.values);
  inst._zod.values = values;
  defineLazyInternal(inst, "pattern", (zod) => {
    const vals = zod.def.values;
    return new RegExp(vals.length ? `^(${vals.map((o) => typeof o === "string" ? escapeRegex(o) : o ? escapeRegex(o.toString()) : String(o)).join("|")})$` : "^[^\\s\\S]$");
  });
  inst._zod.parse = (payload, _ctx) => {
    const input = payload.value;
    if (values.has(input)) {
      return payload;
    }
    payload.issues.push({
      code: "invalid_value",
      values: def.values,
      input,
      inst
    });
    return payload;
  };
});
var $ZodTransform = /* @__PURE__ */ $constructor("$ZodTransform", (inst, def) => {
  $ZodType.init(inst, def);
  inst._zod.optin = "optional";
  globalConfig.memoizer?.guard(inst);
  inst._zod.parse = (payload, ctx) => {
    if (ctx.direction === "backward") {
      throw new $ZodEncodeError(inst.constructor.name);
    }
    const _out = def.transform(payload.value, payload);
    if (ctx.async) {
      const output = _out instanceof Promise ? _out : Promise.resolve(_out);
      return output.then((output2) => {
        payload.value = output2;
        return payload;
      });
    }
    if (_out instanceof Promise) {
      throw new $ZodAsyncError();
    }
    payload.value = _out;
    return payload;
  };
});
function handleOptionalResult(payload, result) {
  payload.value = result.issues.length ? void 0 : result.value;
  return payload;
}
var $ZodOptional = /* @__PURE__ */ $constructor("$ZodOptional", (inst, def) => {
  $ZodType.init(inst, def);
  defineLazyInternal(inst, "optin", (zod) => zod.def.innerType._zod.optin === "defaulted" ? "defaulted" : "optional");
  inst._zod.optout = "optional";
  defineLazyInternal(inst, "values", (zod) => {
    const values = zod.def.innerType._zod.values;
    return values ? /* @__PURE__ */ new Set([...values, void 0]) : void 0;
  });
  defineLazyInternal(inst, "pattern", (zod) => {
    const pattern = zod.def.innerType._zod.pattern;
    return pattern ? new RegExp(`^(${cleanRegex(pattern.source)})?$`) : void 0;
  });
  inst._zod.parse = (payload, ctx) => {
    if (payload.value === void 0) {
      if (def.innerType._zod.optin !== "defaulted")
        return payload;
      const result = def.innerType._zod.run({ value: payload.value, issues: [] }, ctx);
      if (result instanceof Promise)
        return result.then((result2) => handleOptionalResult(payload, result2));
      return handleOptionalResult(payload, result);
    }
    return def.innerType._zod.run(payload, ctx);
  };
});
var $ZodExactOptional = /* @__PURE__ */ $constructor("$ZodExactOptional", (inst, def) => {
  $ZodOptional.init(inst, def);
  defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values);
  defineLazyInternal(inst, "pattern", (zod) => zod.def.innerType._zod.pattern);
  inst._zod.parse = (payload, ctx) => {
    return def.innerType._zod.run(payload, ctx);
  };
});
var $ZodNullable = /* @__PURE__ */ $constructor("$ZodNullable", (inst, def) => {
  $ZodType.init(inst, def);
  defineLazyInternal(inst, "optin", (zod) => zod.def.innerType._zod.optin);
  defineLazyInternal(inst, "optout", (zod) => zod.def.innerType._zod.optout);
  defineLazyInternal(inst, "pattern", (zod) => {
    const pattern = zod.def.innerType._zod.pattern;
    return pattern ? new RegExp(`^(${cleanRegex(pattern.source)}|null)$`) : void 0;
  });
  defineLazyInternal(inst, "values", (zod) => {
    return zod.def.innerType._zod.values ? /* @__PURE__ */ new Set([...zod.def.innerType._zod.values, null]) : void 0;
  });
  inst._zod.parse = (payload, ctx) => {
    if (payload.value === null)
      return payload;
    return def.innerType._zod.run(payload, ctx);
  };
});
var $ZodDefault = /* @__PURE__ */ $constructor("$ZodDefault", (inst, def) => {
  $ZodType.init(inst, def);
  inst._zod.optin = "defaulted";
  defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values);
  inst._zod.parse = (payload, ctx) => {
    if (ctx.direction === "backward") {
      return def.innerType._zod.run(payload, ctx);
    }
    if (payload.value === void 0) {
      payload.value = def.defaultValue;
      return payload;
    }
    const result = def.innerType._zod.run(payload, ctx);
    if (result instanceof Promise) {
      return result.then((result2) => handleDefaultResult(result2, def));
    }
    return handleDefaultResult(result, def);
  };
});
function handleDefaultResult(payload, def) {
  if (payload.value === void 0) {
    payload.value = def.defaultValue;
  }
  return payload;
}
var $ZodPrefault = /* @__PURE__ */ $constructor("$ZodPrefault", (inst, def) => {
  $ZodType.init(inst, def);
  inst._zod.optin = "defaulted";
  defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values);
  inst._zod.parse = (payload, ctx) => {
    if (ctx.direction === "backward") {
      return def.innerType._zod.run(payload, ctx);
    }
    if (payload.value === void 0) {
      payload.value = def.defaultValue;
    }
    return def.innerType._zod.run(payload, ctx);
  };
});
var $ZodNonOptional = /* @__PURE__ */ $constructor("$ZodNonOptional", (inst, def) => {
  $ZodType.init(inst, def);
  defineLazyInternal(inst, "values", (zod) => {
    const v = zod.def.innerType._zod.values;
    return v ? new Set([...v].filter((x) => x !== void 0)) : void 0;
  });
  inst._zod.parse = (payload, ctx) => {
    const result = def.innerType._zod.run(payload, ctx);
    if (result instanceof Promise) {
      return result.then((result2) => handleNonOptionalResult(result2, inst));
    }
    return handleNonOptionalResult(result, inst);
  };
});
function handleNonOptionalResult(payload, inst) {
  if (!payload.issues.length && payload.value === void 0) {
    payload.issues.push({
      code: "invalid_type",
      expected: "nonoptional",
      input: payload.value,
      inst
    });
  }
  return payload;
}
function handleCatchResult(payload, result, def, ctx) {
  if (!result.issues.length) {
    payload.value = result.value;
    if (result.memo)
      payload.memo = true;
    return payload;
  }
  payload.value = def.catchValue({
    ...result,
    value: payload.value,
    error: {
      issues: result.issues.map((iss) => finalizeIssue(iss, ctx, config()))
    },
    input: payload.value
  });
  return payload;
}
var $ZodCatch = /* @__PURE__ */ $constructor("$ZodCatch", (inst, def) => {
  $ZodType.init(inst, def);
  defineLazyInternal(inst, "optin", (zod) => zod.def.innerType._zod.optin === "defaulted" ? "defaulted" : "optional");
  defineLazyInternal(inst, "optout", (zod) => zod.def.innerType._zod.optout);
  defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values);
  inst._zod.parse = (payload, ctx) => {
    if (ctx.direction === "backward") {
      return def.innerType._zod.run(payload, ctx);
    }
    const result = def.innerType._zod.run({ value: payload.value, issues: [] }, ctx);
    if (result instanceof Promise) {
      return result.then((result2) => handleCatchResult(payload, result2, def, ctx));
    }
    return handleCatchResult(payload, result, def, ctx);
  };
});
var $ZodPipe = /* @__PURE__ */ $constructor("$ZodPipe", (inst, def) => {
  $ZodType.init(inst, def);
  defineLazyInternal(inst, "values", (zod) => zod.def.in._zod.values);
  defineLazyInternal(inst, "optin", (zod) => zod.def.in._zod.optin);
  defineLazyInternal(inst, "optout", (zod) => zod.def.out._zod.optout);
  defineLazyInternal(inst, "propValues", (zod) => zod.def.in._zod.propValues);
  inst._zod.parse = (payload, ctx) => {
    if (ctx.direction === "backward") {
      const right = def.out._zod.run(payload, ctx);
      if (right instanceof Promise) {
        return right.then((right2) => handlePipeResult(right2, def.in, ctx));
      }
      return handlePipeResult(right, def.in, ctx);
    }
    const left = def.in._zod.run(payload, ctx);
    if (left instanceof Promise) {
      return left.then((left2) => handlePipeResult(left2, def.out, ctx));
    }
    return handlePipeResult(left, def.out, ctx);
  };
});
function handlePipeResult(left, next, ctx) {
  if (left.issues.some((iss) => iss.code !== "unrecognized_keys")) {
    left.aborted = true;
    return left;
  }
  return next._zod.run({ value: left.value, issues: left.issues }, ctx);
}
var $ZodPreprocess = /* @__PURE__ */ $constructor("$ZodPreprocess", (inst, def) => {
  $ZodPipe.init(inst, def);
});
var $ZodReadonly = /* @__PURE__ */ $constructor("$ZodReadonly", (inst, def) => {
  $ZodType.init(inst, def);
  defineLazyInternal(inst, "propValues", (zod) => zod.def.innerType._zod.propValues);
  defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values);
  defineLazyInternal(inst, "optin", (zod) => zod.def.innerType?._zod?.optin);
  defineLazyInternal(inst, "optout", (zod) => zod.def.innerType?._zod?.optout);
  inst._zod.parse = (payload, ctx) => {
    if (ctx.direction === "backward") {
      return def.innerType._zod.run(payload, ctx);
    }
    const result = def.innerType._zod.run(payload, ctx);
    if (result instanceof Promise) {
      return result.then(handleReadonlyResult);
    }
    return handleReadonlyResult(result);
  };
});
function handleReadonlyResult(payload) {
  if (!payload.memo)
    payload.value = Object.freeze(payload.value);
  return payload;
}
var $ZodCustom = /* @__PURE__ */ $constructor("$ZodCustom", (inst, def) => {
  $ZodCheck.init(inst, def);
  $ZodType.init(inst, def);
  inst._zod.parse = (payload, _) => {
    return payload;
  };
  inst._zod.check = (payload) => {
    const input = payload.value;
    const r = def.fn(input);
    if (r instanceof Promise) {
      return r.then((r2) => handleRefineResult(r2, payload, input, inst));
    }
    handleRefineResult(r, payload, input, inst);
    return;
  };
});
function handleRefineResult(result, payload, input, inst) {
  if (!result) {
    const _iss = {
      code: "custom",
      input,
      inst,
      // incorporates params.error into issue reporting
      path: [...inst._zod.def.path ?? []],
      // incorporates params.error into issue reporting
      continue: !inst._zod.def.abort
      // params: inst._zod.def.params,
    };
    if (inst._zod.def.params)
      _iss.params = inst._zod.def.params;
    payload.issues.push(issue(_iss));
  }
}

// node_modules/zod/v4/core/memoizer.js
var $ZodCyclicError = class extends Error {
  constructor() {
    super(`Cannot parse a reference cycle that closes through a transform`);
    this.name = "ZodCyclicError";
  }
};
var STATE = "~memo";
var NO_ISSUES = [];
function isRef(value) {
  return value !== null && typeof value === "object";
}
function cloneIssues(issues) {
  return issues.map((iss) => iss.path ? { ...iss, path: iss.path.slice() } : { ...iss });
}
var recursive = /* @__PURE__ */ new WeakMap();
var NONE = 0;
var ASSUMED = 1;
var PROVEN = 2;
function isRecursive(inst, stack, resolve) {
  const cached2 = recursive.get(inst);
  if (cached2 !== void 0)
    return cached2 ? PROVEN : NONE;
  if (stack.has(inst))
    return PROVEN;
  stack.add(inst);
  let result = NONE;
  const check = (child) => {
    if (result !== PROVEN && child?._zod) {
      const answer = isRecursive(child, stack, resolve);
      if (answer > result)
        result = answer;
    }
  };
  const shape = (sh, spread) => {
    let answer = NONE;
    for (const key of Reflect.ownKeys(sh)) {
      const desc = Object.getOwnPropertyDescriptor(sh, key);
      if (spread && !desc.enumerable)
        continue;
      const child = desc.get ? ASSUMED : desc.value?._zod ? isRecursive(desc.value, stack, resolve) : NONE;
      if (child > answer)
        answer = child;
    }
    return answer;
  };
  const merge2 = (answer) => {
    if (answer > result)
      result = answer;
  };
  const def = inst._zod.def;
  const kind = def.type;
  switch (kind) {
    case "object": {
      const raw = rawShape(def);
      merge2(raw ? shape(raw, true) : ASSUMED);
      check(def.catchall);
      break;
    }
    case "array":
      check(def.element);
      break;
    case "tuple":
      for (const el of def.items)
        check(el);
      check(def.rest);
      break;
    case "record":
    case "map":
      check(def.keyType);
      check(def.valueType);
      break;
    case "set":
      check(def.valueType);
      break;
    case "union":
      for (const el of def.options)
        check(el);
      break;
    case "intersection":
      check(def.left);
      check(def.right);
      break;
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "catch":
    case "readonly":
    case "nonoptional":
    case "promise":
    case "success":
      check(def.innerType);
      break;
    case "pipe":
      check(def.in);
      check(def.out);
      break;
    case "function":
      check(def.input);
      check(def.output);
      break;
    // `$ZodLazy` caches its inner on the def, so a resolved edge is followed exactly
    case "lazy": {
      const inner = def._cachedInner ?? (resolve ? inst._zod.innerType : void 0);
      merge2(inner ? isRecursive(inner, stack, false) : ASSUMED);
      break;
    }
    // a leaf by choice: `parts` are regex fragments, not data positions
    case "template_literal":
    // leaves
    case "string":
    case "number":
    case "int":
    case "boolean":
    case "bigint":
    case "symbol":
    case "undefined":
    case "null":
    case "void":
    case "never":
    case "any":
    case "unknown":
    case "date":
    case "nan":
    case "enum":
    case "literal":
    case "file":
    case "transform":
    case "custom":
      break;
    default: {
      kind;
      for (const key in def) {
        const desc = Object.getOwnPropertyDescriptor(def, key);
        if (!desc || desc.get)
          continue;
        const value = desc.value;
        if (!value || typeof value !== "object")
          continue;
        if (value._zod)
          check(value);
        else if (Array.isArray(value))
          for (const el of value)
            check(el);
      }
    }
  }
  stack.delete(inst);
  return settle(inst, result);
}
function settle(inst, answer) {
  if (answer !== ASSUMED)
    recursive.set(inst, answer === PROVEN);
  return answer;
}
function bucketFor(state, inst) {
  let bucket = state.buckets.get(inst);
  if (!bucket) {
    bucket = /* @__PURE__ */ new WeakMap();
    state.buckets.set(inst, bucket);
  }
  return bucket;
}
var handoff;
var open = [];
var memo = {
  alloc(_inst, payload, empty) {
    const bucket = handoff;
    if (!bucket)
      return empty;
    handoff = void 0;
    const entry = { value: empty, issues: null };
    bucket.set(payload.value, entry);
    open.push(entry);
    return empty;
  },
  guard(inst) {
    var _a3;
    (_a3 = inst._zod).deferred ?? (_a3.deferred = []);
    inst._zod.deferred.push(() => {
      const base = inst._zod.parse;
      const wrapped = (payload, ctx) => {
        if (ctx.direction !== "backward" && isBackEdge(ctx, payload.value))
          throw new $ZodCyclicError();
        return base(payload, ctx);
      };
      inst._zod.parse = wrapped;
      if (inst._zod.run === base)
        inst._zod.run = wrapped;
    });
  },
  attach(inst) {
    var _a3;
    let isRecursiveInst;
    let rechecked = false;
    let lastCtx;
    let lastBucket;
    (_a3 = inst._zod).deferred ?? (_a3.deferred = []);
    inst._zod.deferred.push(() => {
      const base = inst._zod.parse;
      const wrapped = (payload, ctx) => {
        if (isRecursiveInst === void 0) {
          const walked = isRecursive(inst, /* @__PURE__ */ new Set(), false);
          if (walked === NONE) {
            inst._zod.parse = base;
            if (inst._zod.run === wrapped)
              inst._zod.run = base;
            return base(payload, ctx);
          }
          if (walked === PROVEN || rechecked)
            isRecursiveInst = true;
          else
            rechecked = true;
        }
        const input = payload.value;
        if (!isRef(input))
          return base(payload, ctx);
        let state = ctx[STATE];
        if (!state) {
          state = { buckets: /* @__PURE__ */ new WeakMap(), backEdges: void 0 };
          ctx[STATE] = state;
        }
        let bucket;
        if (lastCtx === ctx) {
          bucket = lastBucket;
        } else {
          bucket = bucketFor(state, inst);
          lastCtx = ctx;
          lastBucket = bucket;
        }
        const hit = bucket.get(input);
        if (hit) {
          payload.value = hit.value;
          if (hit.issues) {
            if (hit.issues.length)
              payload.issues.push(...cloneIssues(hit.issues));
          } else {
            payload.memo = true;
            state.backEdges ?? (state.backEdges = /* @__PURE__ */ new WeakSet());
            state.backEdges.add(hit.value);
          }
          return payload;
        }
        handoff = bucket;
        const depth = open.length;
        const result = base(payload, ctx);
        handoff = void 0;
        const entry = open.length > depth ? open.pop() : void 0;
        if (result instanceof Promise) {
          return result.then((r) => {
            if (entry)
              entry.issues = r.issues.length ? cloneIssues(r.issues) : NO_ISSUES;
            return r;
          });
        }
        if (entry)
          entry.issues = result.issues.length ? cloneIssues(result.issues) : NO_ISSUES;
        return result;
      };
      inst._zod.parse = wrapped;
      if (inst._zod.run === base)
        inst._zod.run = wrapped;
    });
  }
};
function memoizer() {
  return memo;
}
function isBackEdge(ctx, value) {
  const backEdges = ctx[STATE]?.backEdges;
  return backEdges !== void 0 && isRef(value) && backEdges.has(value);
}

// node_modules/zod/v4/locales/en.js
var error = () => {
  const Sizable = {
    string: { unit: "characters", verb: "to have" },
    file: { unit: "bytes", verb: "to have" },
    array: { unit: "items", verb: "to have" },
    set: { unit: "items", verb: "to have" },
    map: { unit: "entries", verb: "to have" }
  };
  function getSizing(origin) {
    return Sizable[origin] ?? null;
  }
  const FormatDictionary = {
    regex: "input",
    email: "email address",
    url: "URL",
    emoji: "emoji",
    uuid: "UUID",
    uuidv4: "UUIDv4",
    uuidv6: "UUIDv6",
    nanoid: "nanoid",
    guid: "GUID",
    cuid: "cuid",
    cuid2: "cuid2",
    ulid: "ULID",
    xid: "XID",
    ksuid: "KSUID",
    datetime: "ISO datetime",
    date: "ISO date",
    time: "ISO time",
    duration: "ISO duration",
    ipv4: "IPv4 address",
    ipv6: "IPv6 address",
    mac: "MAC address",
    cidrv4: "IPv4 range",
    cidrv6: "IPv6 range",
    base64: "base64-encoded string",
    base64url: "base64url-encoded string",
    json_string: "JSON string",
    e164: "E.164 number",
    currency_code: "currency code",
    credit_card: "credit card number",
    iban: "IBAN",
    jwt: "JWT",
    template_literal: "input"
  };
  const TypeDictionary = {
    // Compatibility: "nan" -> "NaN" for display
    nan: "NaN"
    // All other type names omitted - they fall back to raw values via ?? operator
  };
  function getTypeName(type, input) {
    if (type === "number" && typeof input === "number" && !Number.isFinite(input)) {
      return String(input);
    }
    return TypeDictionary[type] ?? type;
  }
  return (issue2) => {
    switch (issue2.code) {
      case "invalid_type": {
        const expected = getTypeName(issue2.expected);
        const receivedType = parsedType(issue2.input);
        const received = getTypeName(receivedType, issue2.input);
        return `Invalid input: expected ${expected}, received ${received}`;
      }
      case "invalid_value":
        if (issue2.values.length === 1)
          return `Invalid input: expected ${stringifyPrimitive(issue2.values[0])}`;
        return `Invalid option: expected one of ${joinValues(issue2.values, "|")}`;
      case "too_big": {
        const adj = issue2.exact ? "exactly " : issue2.inclusive ? "<=" : "<";
        const sizing = getSizing(issue2.origin);
        if (sizing)
          return `Too big: expected ${issue2.origin ?? "value"} to have ${adj}${issue2.maximum.toString()} ${sizing.unit ?? "elements"}`;
        return `Too big: expected ${issue2.origin ?? "value"} to be ${adj}${issue2.maximum.toString()}`;
      }
      case "too_small": {
        const adj = issue2.exact ? "exactly " : issue2.inclusive ? ">=" : ">";
        const sizing = getSizing(issue2.origin);
        if (sizing) {
          return `Too small: expected ${issue2.origin} to have ${adj}${issue2.minimum.toString()} ${sizing.unit}`;
        }
        return `Too small: expected ${issue2.origin} to be ${adj}${issue2.minimum.toString()}`;
      }
      case "invalid_format": {
        const _issue = issue2;
        if (_issue.format === "starts_with") {
          return `Invalid string: must start with "${_issue.prefix}"`;
        }
        if (_issue.format === "ends_with")
          return `Invalid string: must end with "${_issue.suffix}"`;
        if (_issue.format === "includes")
          return `Invalid string: must include "${_issue.includes}"`;
        if (_issue.format === "regex")
          return `Invalid string: must match pattern ${_issue.pattern}`;
        return `Invalid ${FormatDictionary[_issue.format] ?? issue2.format}`;
      }
      case "not_multiple_of":
        return `Invalid number: must be a multiple of ${issue2.divisor}`;
      case "unrecognized_keys":
        return `Unrecognized key${issue2.keys.length > 1 ? "s" : ""}: ${joinValues(issue2.keys, ", ")}`;
      case "invalid_key":
        return `Invalid key in ${issue2.origin}`;
      case "invalid_union":
        if (issue2.options && Array.isArray(issue2.options) && issue2.options.length > 0) {
          const opts = issue2.options.map((o) => `'${o}'`).join(" | ");
          return `Invalid discriminator value. Expected ${opts}`;
        }
        if (issue2.inclusive === false) {
          return "Invalid input: more than one option matched";
        }
        return "Invalid input";
      case "invalid_element":
        return `Invalid value in ${issue2.origin}`;
      default:
        return `Invalid input`;
    }
  };
};
function en_default() {
  return {
    localeError: error()
  };
}

// node_modules/zod/v4/core/registries.js
var _a2;
var $ZodRegistry = class {
  constructor() {
    this._map = /* @__PURE__ */ new WeakMap();
    this._idmap = /* @__PURE__ */ new Map();
  }
  add(schema, ..._meta) {
    const meta2 = _meta[0];
    this._map.set(schema, meta2);
    if (meta2 && typeof meta2 === "object" && "id" in meta2) {
      this._idmap.set(meta2.id, schema);
    }
    return this;
  }
  clear() {
    this._map = /* @__PURE__ */ new WeakMap();
    this._idmap = /* @__PURE__ */ new Map();
    return this;
  }
  remove(schema) {
    const meta2 = this._map.get(schema);
    if (meta2 && typeof meta2 === "object" && "id" in meta2) {
      this._idmap.delete(meta2.id);
    }
    this._map.delete(schema);
    return this;
  }
  get(schema) {
    const p = schema._zod.parent;
    if (p) {
      const pm = { ...this.get(p) ?? {} };
      delete pm.id;
      const f = { ...pm, ...this._map.get(schema) };
      return Object.keys(f).length ? f : void 0;
    }
    return this._map.get(schema);
  }
  has(schema) {
    return this._map.has(schema);
  }
};
function registry() {
  return new $ZodRegistry();
}
(_a2 = globalThis).__zod_globalRegistry ?? (_a2.__zod_globalRegistry = registry());
var globalRegistry = globalThis.__zod_globalRegistry;

// node_modules/zod/v4/core/api.js
function snapshotChecks(def) {
  if (def.checks)
    def.checks = [...def.checks];
  return def;
}
// @__NO_SIDE_EFFECTS__
function _string(Class2, params) {
  return new Class2(snapshotChecks({ type: "string", ...normalizeParams(params) }));
}
// @__NO_SIDE_EFFECTS__
function _email(Class2, params) {
  return new Class2({
    type: "string",
    format: "email",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _guid(Class2, params) {
  return new Class2({
    type: "string",
    format: "guid",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _uuid(Class2, params) {
  return new Class2({
    type: "string",
    format: "uuid",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _uuidv4(Class2, params) {
  return new Class2({
    type: "string",
    format: "uuid",
    check: "string_format",
    abort: false,
    version: "v4",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _uuidv6(Class2, params) {
  return new Class2({
    type: "string",
    format: "uuid",
    check: "string_format",
    abort: false,
    version: "v6",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _uuidv7(Class2, params) {
  return new Class2({
    type: "string",
    format: "uuid",
    check: "string_format",
    abort: false,
    version: "v7",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _url(Class2, params) {
  return new Class2({
    type: "string",
    format: "url",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _emoji2(Class2, params) {
  return new Class2({
    type: "string",
    format: "emoji",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _nanoid(Class2, params) {
  return new Class2({
    type: "string",
    format: "nanoid",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _cuid(Class2, params) {
  return new Class2({
    type: "string",
    format: "cuid",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _cuid2(Class2, params) {
  return new Class2({
    type: "string",
    format: "cuid2",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _ulid(Class2, params) {
  return new Class2({
    type: "string",
    format: "ulid",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _xid(Class2, params) {
  return new Class2({
    type: "string",
    format: "xid",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _ksuid(Class2, params) {
  return new Class2({
    type: "string",
    format: "ksuid",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _ipv4(Class2, params) {
  return new Class2({
    type: "string",
    format: "ipv4",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _ipv6(Class2, params) {
  return new Class2({
    type: "string",
    format: "ipv6",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _cidrv4(Class2, params) {
  return new Class2({
    type: "string",
    format: "cidrv4",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _cidrv6(Class2, params) {
  return new Class2({
    type: "string",
    format: "cidrv6",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _base64(Class2, params) {
  return new Class2({
    type: "string",
    format: "base64",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _base64url(Class2, params) {
  return new Class2({
    type: "string",
    format: "base64url",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _e164(Class2, params) {
  return new Class2({
    type: "string",
    format: "e164",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _jwt(Class2, params) {
  return new Class2({
    type: "string",
    format: "jwt",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _isoDateTime(Class2, params) {
  return new Class2({
    type: "string",
    format: "datetime",
    check: "string_format",
    offset: false,
    local: false,
    precision: null,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _isoDate(Class2, params) {
  return new Class2({
    type: "string",
    format: "date",
    check: "string_format",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _isoTime(Class2, params) {
  return new Class2({
    type: "string",
    format: "time",
    check: "string_format",
    precision: null,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _isoDuration(Class2, params) {
  return new Class2({
    type: "string",
    format: "duration",
    check: "string_format",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _number(Class2, params) {
  return new Class2(snapshotChecks({ type: "number", checks: [], ...normalizeParams(params) }));
}
// @__NO_SIDE_EFFECTS__
function _int(Class2, params) {
  return new Class2({
    type: "number",
    check: "number_format",
    abort: false,
    format: "safeint",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _boolean(Class2, params) {
  return new Class2({
    type: "boolean",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _unknown(Class2) {
  return new Class2({
    type: "unknown"
  });
}
// @__NO_SIDE_EFFECTS__
function _never(Class2, params) {
  return new Class2({
    type: "never",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _lt(value, params) {
  return new $ZodCheckLessThan({
    check: "less_than",
    ...normalizeParams(params),
    value,
    inclusive: false
  });
}
// @__NO_SIDE_EFFECTS__
function _lte(value, params) {
  return new $ZodCheckLessThan({
    check: "less_than",
    ...normalizeParams(params),
    value,
    inclusive: true
  });
}
// @__NO_SIDE_EFFECTS__
function _gt(value, params) {
  return new $ZodCheckGreaterThan({
    check: "greater_than",
    ...normalizeParams(params),
    value,
    inclusive: false
  });
}
// @__NO_SIDE_EFFECTS__
function _gte(value, params) {
  return new $ZodCheckGreaterThan({
    check: "greater_than",
    ...normalizeParams(params),
    value,
    inclusive: true
  });
}
// @__NO_SIDE_EFFECTS__
function _multipleOf(value, params) {
  return new $ZodCheckMultipleOf({
    check: "multiple_of",
    ...normalizeParams(params),
    value
  });
}
// @__NO_SIDE_EFFECTS__
function _maxLength(maximum, params) {
  const ch = new $ZodCheckMaxLength({
    check: "max_length",
    ...normalizeParams(params),
    maximum
  });
  return ch;
}
// @__NO_SIDE_EFFECTS__
function _minLength(minimum, params) {
  return new $ZodCheckMinLength({
    check: "min_length",
    ...normalizeParams(params),
    minimum
  });
}
// @__NO_SIDE_EFFECTS__
function _length(length, params) {
  return new $ZodCheckLengthEquals({
    check: "length_equals",
    ...normalizeParams(params),
    length
  });
}
// @__NO_SIDE_EFFECTS__
function _regex(pattern, params) {
  return new $ZodCheckRegex({
    check: "string_format",
    format: "regex",
    ...normalizeParams(params),
    pattern
  });
}
// @__NO_SIDE_EFFECTS__
function _lowercase(params) {
  return new $ZodCheckLowerCase({
    check: "string_format",
    format: "lowercase",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _uppercase(params) {
  return new $ZodCheckUpperCase({
    check: "string_format",
    format: "uppercase",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _includes(includes, params) {
  return new $ZodCheckIncludes({
    check: "string_format",
    format: "includes",
    ...normalizeParams(params),
    includes
  });
}
// @__NO_SIDE_EFFECTS__
function _startsWith(prefix, params) {
  return new $ZodCheckStartsWith({
    check: "string_format",
    format: "starts_with",
    ...normalizeParams(params),
    prefix
  });
}
// @__NO_SIDE_EFFECTS__
function _endsWith(suffix, params) {
  return new $ZodCheckEndsWith({
    check: "string_format",
    format: "ends_with",
    ...normalizeParams(params),
    suffix
  });
}
// @__NO_SIDE_EFFECTS__
function _overwrite(tx) {
  return new $ZodCheckOverwrite({
    check: "overwrite",
    tx
  });
}
// @__NO_SIDE_EFFECTS__
function _normalize(form) {
  return /* @__PURE__ */ _overwrite((input) => input.normalize(form));
}
// @__NO_SIDE_EFFECTS__
function _trim() {
  return /* @__PURE__ */ _overwrite((input) => input.trim());
}
// @__NO_SIDE_EFFECTS__
function _toLowerCase() {
  return /* @__PURE__ */ _overwrite((input) => input.toLowerCase());
}
// @__NO_SIDE_EFFECTS__
function _toUpperCase() {
  return /* @__PURE__ */ _overwrite((input) => input.toUpperCase());
}
// @__NO_SIDE_EFFECTS__
function _slugify() {
  return /* @__PURE__ */ _overwrite((input) => slugify(input));
}
// @__NO_SIDE_EFFECTS__
function _array(Class2, element, params) {
  return new Class2({
    type: "array",
    element,
    // get element() {
    //   return element;
    // },
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _refine(Class2, fn, _params) {
  const schema = new Class2({
    type: "custom",
    check: "custom",
    fn,
    ...normalizeParams(_params)
  });
  return schema;
}
// @__NO_SIDE_EFFECTS__
function _superRefine(fn, params) {
  const ch = /* @__PURE__ */ _check((payload) => {
    payload.addIssue = (issue2) => {
      if (typeof issue2 === "string") {
        payload.issues.push(issue(issue2, payload.value, ch._zod.def));
      } else {
        const _issue = issue2;
        if (_issue.fatal)
          _issue.continue = false;
        _issue.code ?? (_issue.code = "custom");
        if (!("input" in _issue))
          _issue.input = payload.value;
        _issue.inst ?? (_issue.inst = ch);
        _issue.continue ?? (_issue.continue = !ch._zod.def.abort);
        payload.issues.push(issue(_issue));
      }
    };
    return fn(payload.value, payload);
  }, params);
  return ch;
}
// @__NO_SIDE_EFFECTS__
function _check(fn, params) {
  const ch = new $ZodCheck({
    check: "custom",
    ...normalizeParams(params)
  });
  ch._zod.check = fn;
  return ch;
}

// node_modules/zod/v4/core/to-json-schema.js
function assignProps(target, ...sources) {
  for (const source of sources) {
    for (const key of Reflect.ownKeys(source)) {
      if (Object.prototype.propertyIsEnumerable.call(source, key)) {
        assignProp(target, key, source[key]);
      }
    }
  }
  return target;
}
function initializeContext(params) {
  let target = params?.target ?? "draft-2020-12";
  if (target === "draft-4")
    target = "draft-04";
  if (target === "draft-7")
    target = "draft-07";
  return {
    processors: params.processors ?? {},
    metadataRegistry: params?.metadata ?? globalRegistry,
    target,
    unrepresentable: params?.unrepresentable ?? "throw",
    override: params?.override ?? (() => {
    }),
    io: params?.io ?? "output",
    counter: 0,
    seen: /* @__PURE__ */ new Map(),
    sharedDefsExtractedFor: void 0,
    sharedEmitDoneFor: void 0,
    cycles: params?.cycles ?? "ref",
    reused: params?.reused ?? "inline",
    intersections: [],
    deferred: [],
    external: params?.external ?? void 0
  };
}
function handleUnrepresentable(schema, ctx, json, params, message) {
  const result = typeof ctx.unrepresentable === "function" ? ctx.unrepresentable({ zodSchema: schema, path: params.path, message }) : ctx.unrepresentable;
  if (result === "any")
    return false;
  if (result === void 0 || result === "throw")
    throw new Error(message);
  Object.assign(json, result);
  return true;
}
function processSchema(schema, ctx, _params = { path: [], schemaPath: [] }) {
  var _a3;
  const def = schema._zod.def;
  const seen = ctx.seen.get(schema);
  if (seen) {
    seen.count++;
    const isCycle = _params.schemaPath.includes(schema);
    if (isCycle) {
      seen.cycle = _params.path;
    }
    return seen.schema;
  }
  const result = { schema: {}, count: 1, cycle: void 0, path: _params.path };
  ctx.seen.set(schema, result);
  ctx.sharedDefsExtractedFor = void 0;
  ctx.sharedEmitDoneFor = void 0;
  const overrideSchema = schema._zod.toJSONSchema?.();
  if (overrideSchema) {
    result.schema = overrideSchema;
  } else {
    const params = {
      ..._params,
      schemaPath: [..._params.schemaPath, schema],
      path: _params.path
    };
    if (schema._zod.processJSONSchema) {
      schema._zod.processJSONSchema(ctx, result.schema, params);
    } else {
      const _json = result.schema;
      const processor = ctx.processors[def.type];
      if (!processor) {
        throw new Error(`[toJSONSchema]: Non-representable type encountered: ${def.type}`);
      }
      processor(schema, ctx, _json, params);
    }
    const parent = schema._zod.parent;
    if (parent) {
      if (!result.ref)
        result.ref = parent;
      processSchema(parent, ctx, params);
      ctx.seen.get(parent).isParent = true;
    }
  }
  const meta2 = ctx.metadataRegistry.get(schema);
  if (meta2)
    assignProps(result.schema, meta2);
  if (ctx.io === "input" && isTransforming(schema)) {
    delete result.schema.examples;
    delete result.schema.default;
  }
  if (ctx.io === "input" && "_prefault" in result.schema)
    (_a3 = result.schema).default ?? (_a3.default = result.schema._prefault);
  delete result.schema._prefault;
  const _result = ctx.seen.get(schema);
  return _result.schema;
}
function encodeJSONPointerSegment(segment) {
  return segment.replace(/~/g, "~0").replace(/\//g, "~1");
}
function extractDefs(ctx, schema) {
  const root = ctx.seen.get(schema);
  if (!root)
    throw new Error("Unprocessed schema. This is a bug in Zod.");
  if (ctx.external && ctx.sharedDefsExtractedFor === ctx.external)
    return;
  const idToSchema = /* @__PURE__ */ new Map();
  for (const entry of ctx.seen.entries()) {
    const id = ctx.metadataRegistry.get(entry[0])?.id;
    if (id) {
      const existing = idToSchema.get(id);
      if (existing && existing !== entry[0]) {
        throw new Error(`Duplicate schema id "${id}" detected during JSON Schema conversion. Two different schemas cannot share the same id when converted together.`);
      }
      idToSchema.set(id, entry[0]);
    }
  }
  const makeURI = (entry) => {
    const defsSegment = ctx.target === "draft-2020-12" ? "$defs" : "definitions";
    if (ctx.external) {
      const externalId = ctx.external.registry.get(entry[0])?.id;
      const uriGenerator = ctx.external.uri ?? ((id2) => id2);
      if (externalId) {
        return { ref: uriGenerator(externalId) };
      }
      const id = entry[1].defId ?? entry[1].schema.id ?? `schema${ctx.counter++}`;
      entry[1].defId = id;
      return { defId: id, ref: `${uriGenerator("__shared")}#/${defsSegment}/${encodeJSONPointerSegment(id)}` };
    }
    const uriPrefix = `#`;
    const defUriPrefix = `${uriPrefix}/${defsSegment}/`;
    if (entry[1] === root && !entry[1].schema.id) {
      return { ref: uriPrefix };
    }
    const defId = entry[1].schema.id ?? `__schema${ctx.counter++}`;
    return { defId, ref: defUriPrefix + encodeJSONPointerSegment(defId) };
  };
  const extractToDef = (entry) => {
    if (entry[1].schema.$ref) {
      return;
    }
    const seen = entry[1];
    const { ref, defId } = makeURI(entry);
    seen.def = { ...seen.schema };
    if (defId)
      seen.defId = defId;
    const schema2 = seen.schema;
    for (const key in schema2) {
      delete schema2[key];
    }
    schema2.$ref = ref;
  };
  if (ctx.cycles === "throw") {
    for (const entry of ctx.seen.entries()) {
      const seen = entry[1];
      if (seen.cycle) {
        throw new Error(`Cycle detected: #/${seen.cycle?.join("/")}/<root>

Set the \`cycles\` parameter to \`"ref"\` to resolve cyclical schemas with defs.`);
      }
    }
  }
  for (const entry of ctx.seen.entries()) {
    const seen = entry[1];
    if (schema === entry[0]) {
      extractToDef(entry);
      continue;
    }
    if (ctx.external) {
      const ext = ctx.external.registry.get(entry[0])?.id;
      if (schema !== entry[0] && ext) {
        extractToDef(entry);
        continue;
      }
    }
    const id = ctx.metadataRegistry.get(entry[0])?.id;
    if (id) {
      extractToDef(entry);
      continue;
    }
    if (seen.cycle) {
      extractToDef(entry);
      continue;
    }
    if (seen.count > 1) {
      if (ctx.reused === "ref") {
        extractToDef(entry);
      }
    }
  }
  if (ctx.external)
    ctx.sharedDefsExtractedFor = ctx.external;
}
function compactTypeUnion(schema) {
  const options = schema.anyOf;
  if (!Array.isArray(options) || options.length === 0 || schema.type !== void 0)
    return;
  const types = [];
  for (const option of options) {
    if (!option || typeof option !== "object")
      return;
    compactTypeUnion(option);
    const keys = Object.keys(option);
    if (keys.length !== 1 || keys[0] !== "type")
      return;
    const type = option.type;
    for (const member of Array.isArray(type) ? type : [type]) {
      if (typeof member !== "string")
        return;
      if (!types.includes(member))
        types.push(member);
    }
  }
  delete schema.anyOf;
  schema.type = types.length === 1 ? types[0] : types;
}
var FOLDABLE_KEYS = /* @__PURE__ */ new Set(["type", "properties", "required", "additionalProperties"]);
var UNION_KEYS = ["oneOf", "anyOf"];
function undeclaredConstraint(member) {
  const extra = member.additionalProperties;
  if (extra === void 0 || extra === false || typeof extra !== "object" || extra === null)
    return null;
  return Object.keys(extra).length ? extra : null;
}
function foldObjects(members2) {
  const objects = [];
  for (const member of members2) {
    if (typeof member !== "object" || member.type !== "object")
      return null;
    for (const key in member) {
      if (!FOLDABLE_KEYS.has(key))
        return null;
    }
    objects.push(member);
  }
  const properties = {};
  const required2 = /* @__PURE__ */ new Set();
  for (const object2 of objects) {
    for (const key in object2.properties) {
      if (Object.prototype.hasOwnProperty.call(properties, key))
        continue;
      const parts = [];
      for (const other of objects) {
        const part = other.properties?.[key] ?? undeclaredConstraint(other);
        if (part === null || part === void 0)
          continue;
        if (!parts.some((seen) => JSON.stringify(seen) === JSON.stringify(part)))
          parts.push(part);
      }
      const merged = parts.length === 1 ? parts[0] : foldObjects(parts) ?? { allOf: parts };
      assignProp(properties, key, merged);
    }
    for (const key of object2.required ?? [])
      required2.add(key);
  }
  const folded = { type: "object", properties };
  if (required2.size)
    folded.required = [...required2];
  if (objects.every((object2) => object2.additionalProperties === false)) {
    folded.additionalProperties = false;
  } else {
    const constraints = [];
    for (const object2 of objects) {
      const constraint = undeclaredConstraint(object2);
      if (constraint && !constraints.some((seen) => JSON.stringify(seen) === JSON.stringify(constraint)))
        constraints.push(constraint);
    }
    if (constraints.length === 1)
      folded.additionalProperties = constraints[0];
    else if (constraints.length > 1)
      folded.additionalProperties = { allOf: constraints };
  }
  return folded;
}
function foldIntersection(json) {
  const allOf = json.allOf;
  if (!Array.isArray(allOf) || allOf.length < 2)
    return;
  for (const key of FOLDABLE_KEYS)
    if (key in json)
      return;
  const unions = allOf.filter((m) => UNION_KEYS.some((k) => Array.isArray(m[k])));
  let folded = null;
  if (!unions.length) {
    folded = foldObjects(allOf);
  } else {
    const union2 = unions[0];
    const keyword = UNION_KEYS.find((k) => Array.isArray(union2[k]));
    if (Object.keys(union2).length !== 1)
      return;
    const rest = allOf.filter((m) => m !== union2);
    const branches = union2[keyword].map((branch) => foldObjects([...rest, branch]));
    if (branches.some((b) => !b))
      return;
    folded = { [keyword]: branches };
  }
  if (!folded)
    return;
  delete json.allOf;
  assignProps(json, folded);
}
function finalize(ctx, schema) {
  const root = ctx.seen.get(schema);
  if (!root)
    throw new Error("Unprocessed schema. This is a bug in Zod.");
  const flattenRef = (zodSchema) => {
    const seen = ctx.seen.get(zodSchema);
    if (seen.ref === null)
      return;
    const schema2 = seen.def ?? seen.schema;
    const _cached = { ...schema2 };
    const ref = seen.ref;
    seen.ref = null;
    if (ref) {
      flattenRef(ref);
      const refSeen = ctx.seen.get(ref);
      const refSchema = refSeen.schema;
      if (refSchema.$ref && (ctx.target === "draft-07" || ctx.target === "draft-04" || ctx.target === "openapi-3.0")) {
        schema2.allOf = schema2.allOf ?? [];
        schema2.allOf.push(refSchema);
      } else {
        assignProps(schema2, refSchema);
      }
      assignProps(schema2, _cached);
      const isParentRef = zodSchema._zod.parent === ref;
      if (isParentRef) {
        for (const key in schema2) {
          if (key === "$ref" || key === "allOf")
            continue;
          if (!(key in _cached)) {
            delete schema2[key];
          }
        }
      }
      if (refSchema.$ref && refSeen.def) {
        for (const key in schema2) {
          if (key === "$ref" || key === "allOf")
            continue;
          if (key in refSeen.def && JSON.stringify(schema2[key]) === JSON.stringify(refSeen.def[key])) {
            delete schema2[key];
          }
        }
      }
    }
    const parent = zodSchema._zod.parent;
    if (parent && parent !== ref) {
      flattenRef(parent);
      const parentSeen = ctx.seen.get(parent);
      if (parentSeen?.schema.$ref) {
        schema2.$ref = parentSeen.schema.$ref;
        if (parentSeen.def) {
          for (const key in schema2) {
            if (key === "$ref" || key === "allOf")
              continue;
            if (key in parentSeen.def && JSON.stringify(schema2[key]) === JSON.stringify(parentSeen.def[key])) {
              delete schema2[key];
            }
          }
        }
      }
    }
    ctx.override({
      zodSchema,
      jsonSchema: schema2,
      path: seen.path ?? []
    });
  };
  if (!ctx.external || ctx.sharedEmitDoneFor !== ctx.external) {
    for (const entry of [...ctx.seen.entries()].reverse()) {
      flattenRef(entry[0]);
    }
    if (ctx.target !== "openapi-3.0") {
      for (const entry of ctx.seen.entries()) {
        compactTypeUnion(entry[1].def ?? entry[1].schema);
      }
    }
    for (const rewrite of ctx.deferred)
      rewrite();
    if (ctx.intersections.length) {
      const carriers = /* @__PURE__ */ new Map();
      for (const seen of ctx.seen.values()) {
        for (const json of [seen.schema, seen.def]) {
          const allOf = json?.allOf;
          if (!Array.isArray(allOf))
            continue;
          const existing = carriers.get(allOf);
          if (existing)
            existing.push(json);
          else
            carriers.set(allOf, [json]);
        }
      }
      for (const allOf of ctx.intersections) {
        for (const json of carriers.get(allOf) ?? [])
          foldIntersection(json);
      }
    }
  }
  const result = {};
  if (ctx.target === "draft-2020-12") {
    result.$schema = "https://json-schema.org/draft/2020-12/schema";
  } else if (ctx.target === "draft-07") {
    result.$schema = "http://json-schema.org/draft-07/schema#";
  } else if (ctx.target === "draft-04") {
    result.$schema = "http://json-schema.org/draft-04/schema#";
  } else if (ctx.target === "openapi-3.0") {
  } else {
  }
  if (ctx.external?.uri) {
    const id = ctx.external.registry.get(schema)?.id;
    if (!id)
      throw new Error("Schema is missing an `id` property");
    result.$id = ctx.external.uri(id);
  }
  assignProps(result, root.defId ? root.schema : root.def ?? root.schema);
  const rootMetaId = ctx.metadataRegistry.get(schema)?.id;
  if (rootMetaId !== void 0 && result.id === rootMetaId)
    delete result.id;
  const defs = ctx.external?.defs ?? {};
  if (!ctx.external || ctx.sharedEmitDoneFor !== ctx.external) {
    for (const entry of ctx.seen.entries()) {
      const seen = entry[1];
      if (seen.def && seen.defId) {
        if (seen.def.id === seen.defId)
          delete seen.def.id;
        assignProp(defs, seen.defId, seen.def);
      }
    }
  }
  if (ctx.external)
    ctx.sharedEmitDoneFor = ctx.external;
  if (ctx.external) {
  } else {
    if (Object.keys(defs).length > 0) {
      if (ctx.target === "draft-2020-12") {
        result.$defs = defs;
      } else {
        result.definitions = defs;
      }
    }
  }
  try {
    const finalized = JSON.parse(JSON.stringify(result));
    Object.defineProperty(finalized, "~standard", {
      value: {
        ...schema["~standard"],
        jsonSchema: {
          input: createStandardJSONSchemaMethod(schema, "input", ctx.processors),
          output: createStandardJSONSchemaMethod(schema, "output", ctx.processors)
        }
      },
      enumerable: false,
      writable: false
    });
    return finalized;
  } catch (_err) {
    throw new Error("Error converting schema to JSON.");
  }
}
function isTransforming(_schema, _ctx) {
  const ctx = _ctx ?? { seen: /* @__PURE__ */ new Set() };
  if (ctx.seen.has(_schema))
    return false;
  ctx.seen.add(_schema);
  const def = _schema._zod.def;
  if (def.type === "transform")
    return true;
  if (def.type === "array")
    return isTransforming(def.element, ctx);
  if (def.type === "set")
    return isTransforming(def.valueType, ctx);
  if (def.type === "lazy")
    return isTransforming(def.getter(), ctx);
  if (def.type === "promise" || def.type === "optional" || def.type === "nonoptional" || def.type === "nullable" || def.type === "readonly" || def.type === "default" || def.type === "prefault" || def.type === "catch") {
    return isTransforming(def.innerType, ctx);
  }
  if (def.type === "intersection") {
    return isTransforming(def.left, ctx) || isTransforming(def.right, ctx);
  }
  if (def.type === "record" || def.type === "map") {
    return isTransforming(def.keyType, ctx) || isTransforming(def.valueType, ctx);
  }
  if (def.type === "pipe") {
    if (_schema._zod.traits.has("$ZodCodec"))
      return true;
    return isTransforming(def.in, ctx) || isTransforming(def.out, ctx);
  }
  if (def.type === "object") {
    for (const key in def.shape) {
      if (isTransforming(def.shape[key], ctx))
        return true;
    }
    return false;
  }
  if (def.type === "union") {
    for (const option of def.options) {
      if (isTransforming(option, ctx))
        return true;
    }
    return false;
  }
  if (def.type === "tuple") {
    for (const item of def.items) {
      if (isTransforming(item, ctx))
        return true;
    }
    if (def.rest && isTransforming(def.rest, ctx))
      return true;
    return false;
  }
  return false;
}
var createToJSONSchemaMethod = (schema, processors = {}) => (params) => {
  const ctx = initializeContext({ ...params, processors });
  processSchema(schema, ctx);
  extractDefs(ctx, schema);
  return finalize(ctx, schema);
};
var createStandardJSONSchemaMethod = (schema, io, processors = {}) => (params) => {
  const { libraryOptions, target } = params ?? {};
  const ctx = initializeContext({ ...libraryOptions ?? {}, target, io, processors });
  processSchema(schema, ctx);
  extractDefs(ctx, schema);
  return finalize(ctx, schema);
};

// node_modules/zod/v4/core/json-schema-processors.js
var narrowMin = (agg, key, value) => {
  if (agg[key] === void 0 || value > agg[key])
    agg[key] = value;
};
var narrowMax = (agg, key, value) => {
  if (agg[key] === void 0 || value < agg[key])
    agg[key] = value;
};
var narrowBoth = (agg, value) => {
  narrowMin(agg, "minimum", value);
  narrowMax(agg, "maximum", value);
};
var addDivisor = (agg, value) => {
  agg.multipleOf ?? (agg.multipleOf = []);
  if (!agg.multipleOf.includes(value))
    agg.multipleOf.push(value);
};
var addPattern = (agg, pattern) => {
  agg.patterns ?? (agg.patterns = /* @__PURE__ */ new Set());
  agg.patterns.add(pattern);
};
var intersectMime = (agg, mime) => {
  agg.mime = agg.mime ? agg.mime.filter((m) => mime.includes(m)) : [...mime];
};
var setFormat = (agg, format) => {
  agg.format = format;
  if (format.includes("int"))
    agg.isInt = true;
};
var minContributor = (agg, def) => narrowMin(agg, "minimum", def.minimum);
var maxContributor = (agg, def) => narrowMax(agg, "maximum", def.maximum);
var formatContributor = (ranges) => (agg, def) => {
  setFormat(agg, def.format);
  const [minimum, maximum] = ranges[def.format];
  narrowMin(agg, "minimum", minimum);
  narrowMax(agg, "maximum", maximum);
};
var contributors = {
  greater_than: (agg, def) => narrowMin(agg, def.inclusive ? "minimum" : "exclusiveMinimum", def.value),
  less_than: (agg, def) => narrowMax(agg, def.inclusive ? "maximum" : "exclusiveMaximum", def.value),
  multiple_of: (agg, def) => addDivisor(agg, def.value),
  number_format: formatContributor(NUMBER_FORMAT_RANGES),
  bigint_format: formatContributor(BIGINT_FORMAT_RANGES),
  min_length: minContributor,
  max_length: maxContributor,
  length_equals: (agg, def) => narrowBoth(agg, def.length),
  min_size: minContributor,
  max_size: maxContributor,
  size_equals: (agg, def) => narrowBoth(agg, def.size),
  string_format: (agg, def) => {
    setFormat(agg, def.format);
    if (def.pattern)
      addPattern(agg, def.pattern);
    if (def.format === "base64" || def.format === "base64url")
      agg.contentEncoding = def.format;
    if (def.local || def.precision === -1)
      agg.laxFormat = true;
  },
  mime_type: (agg, def) => intersectMime(agg, def.mime)
};
function aggregateChecks(schema) {
  const agg = {};
  const def = schema._zod.def;
  const list = schema._zod.traits.has("$ZodCheck") ? [schema, ...def.checks ?? []] : def.checks ?? [];
  for (const ch of list)
    contributors[ch._zod.def.check]?.(agg, ch._zod.def);
  const bag = schema._zod.bag;
  if (bag.minimum !== void 0)
    narrowMin(agg, "minimum", bag.minimum);
  if (bag.exclusiveMinimum !== void 0)
    narrowMin(agg, "exclusiveMinimum", bag.exclusiveMinimum);
  if (bag.maximum !== void 0)
    narrowMax(agg, "maximum", bag.maximum);
  if (bag.exclusiveMaximum !== void 0)
    narrowMax(agg, "exclusiveMaximum", bag.exclusiveMaximum);
  if (bag.multipleOf !== void 0)
    addDivisor(agg, bag.multipleOf);
  if (bag.format !== void 0) {
    agg.format ?? (agg.format = bag.format);
    if (bag.format.includes("int"))
      agg.isInt = true;
  }
  if (bag.mime)
    intersectMime(agg, bag.mime);
  for (const pattern of bag.patterns ?? [])
    addPattern(agg, pattern);
  return agg;
}
var formatMap = {
  guid: "uuid",
  url: "uri",
  datetime: "date-time",
  json_string: "json-string",
  regex: ""
  // do not set
};
var exactPatterns = /* @__PURE__ */ new Map([
  [base64Charset, base64],
  [base64urlCharset, base64url]
]);
var exactPattern = (p) => exactPatterns.get(p) ?? p;
var stringProcessor = (schema, ctx, _json, _params) => {
  const json = _json;
  json.type = "string";
  const { minimum, maximum, format, patterns: patterns2, contentEncoding, laxFormat } = aggregateChecks(schema);
  if (typeof minimum === "number")
    json.minLength = minimum;
  if (typeof maximum === "number")
    json.maxLength = maximum;
  if (format) {
    json.format = formatMap[format] ?? format;
    if (json.format === "")
      delete json.format;
    if (format === "time" || laxFormat) {
      delete json.format;
    }
  }
  if (contentEncoding)
    json.contentEncoding = contentEncoding;
  if (patterns2 && patterns2.size > 0) {
    const patternList = [...patterns2].map(exactPattern);
    if (patternList.length === 1)
      json.pattern = patternList[0].source;
    else if (patternList.length > 1) {
      json.allOf = [
        ...patternList.map((regex) => ({
          ...ctx.target === "draft-07" || ctx.target === "draft-04" || ctx.target === "openapi-3.0" ? { type: "string" } : {},
          pattern: regex.source
        }))
      ];
    }
  }
};
var numberProcessor = (schema, ctx, _json, params) => {
  const json = _json;
  const { minimum, maximum, multipleOf, exclusiveMaximum, exclusiveMinimum, isInt } = aggregateChecks(schema);
  json.type = isInt ? "integer" : "number";
  const exMin = typeof exclusiveMinimum === "number" && exclusiveMinimum >= (minimum ?? Number.NEGATIVE_INFINITY);
  const exMax = typeof exclusiveMaximum === "number" && exclusiveMaximum <= (maximum ?? Number.POSITIVE_INFINITY);
  const legacy = ctx.target === "draft-04" || ctx.target === "openapi-3.0";
  if (exMin) {
    if (legacy) {
      json.minimum = exclusiveMinimum;
      json.exclusiveMinimum = true;
    } else {
      json.exclusiveMinimum = exclusiveMinimum;
    }
  } else if (typeof minimum === "number") {
    json.minimum = minimum;
  }
  if (exMax) {
    if (legacy) {
      json.maximum = exclusiveMaximum;
      json.exclusiveMaximum = true;
    } else {
      json.exclusiveMaximum = exclusiveMaximum;
    }
  } else if (typeof maximum === "number") {
    json.maximum = maximum;
  }
  if (multipleOf) {
    const divisors = /* @__PURE__ */ new Set();
    for (const divisor of multipleOf) {
      if (Number.isFinite(divisor) && divisor !== 0)
        divisors.add(Math.abs(divisor));
      else
        handleUnrepresentable(schema, ctx, json, params, `A multipleOf divisor of ${divisor} cannot be represented in JSON Schema`);
    }
    const [first, ...rest] = divisors;
    if (first !== void 0)
      json.multipleOf = first;
    if (rest.length)
      json.allOf = [...json.allOf ?? [], ...rest.map((m) => ({ multipleOf: m }))];
  }
};
var booleanProcessor = (_schema, _ctx, json, _params) => {
  json.type = "boolean";
};
var neverProcessor = (_schema, _ctx, json, _params) => {
  json.not = {};
};
var unknownProcessor = (_schema, _ctx, _json, _params) => {
};
var enumProcessor = (schema, _ctx, json, _params) => {
  const def = schema._zod.def;
  const values = getEnumValues(def.entries);
  if (values.length === 0) {
    json.not = {};
    return;
  }
  if (values.every((v) => typeof v === "number"))
    json.type = "number";
  if (values.every((v) => typeof v === "string"))
    json.type = "string";
  json.enum = values;
};
var literalProcessor = (schema, ctx, json, params) => {
  const def = schema._zod.def;
  if (def.values.length === 0) {
    json.not = {};
    return;
  }
  const vals = [];
  for (const val of def.values) {
    if (val === void 0) {
      if (handleUnrepresentable(schema, ctx, json, params, "Literal `undefined` cannot be represented in JSON Schema"))
        return;
    } else if (typeof val === "bigint") {
      if (handleUnrepresentable(schema, ctx, json, params, "BigInt literals cannot be represented in JSON Schema"))
        return;
      vals.push(Number(val));
    } else {
      vals.push(val);
    }
  }
  if (vals.length === 0) {
  } else if (vals.length === 1) {
    const val = vals[0];
    json.type = val === null ? "null" : typeof val;
    if (ctx.target === "draft-04" || ctx.target === "openapi-3.0") {
      json.enum = [val];
    } else {
      json.const = val;
    }
  } else {
    if (vals.every((v) => typeof v === "number"))
      json.type = "number";
    if (vals.every((v) => typeof v === "string"))
      json.type = "string";
    if (vals.every((v) => typeof v === "boolean"))
      json.type = "boolean";
    if (vals.every((v) => v === null))
      json.type = "null";
    json.enum = vals;
  }
};
var customProcessor = (schema, ctx, json, params) => {
  handleUnrepresentable(schema, ctx, json, params, "Custom types cannot be represented in JSON Schema");
};
var transformProcessor = (schema, ctx, json, params) => {
  handleUnrepresentable(schema, ctx, json, params, "Transforms cannot be represented in JSON Schema");
};
var arrayProcessor = (schema, ctx, _json, params) => {
  const json = _json;
  const def = schema._zod.def;
  const { minimum, maximum } = aggregateChecks(schema);
  if (typeof minimum === "number")
    json.minItems = minimum;
  if (typeof maximum === "number")
    json.maxItems = maximum;
  json.type = "array";
  json.items = processSchema(def.element, ctx, {
    ...params,
    path: [...params.path, "items"]
  });
};
function inputOptin(schema) {
  const def = schema._zod.def;
  if (def.type === "pipe" && def.in._zod.traits.has("$ZodTransform")) {
    return inputOptin(def.out);
  }
  if (def.type === "catch") {
    return inputOptin(def.innerType);
  }
  return schema._zod.optin;
}
var objectProcessor = (schema, ctx, _json, params) => {
  const json = _json;
  const def = schema._zod.def;
  const shape = def.shape;
  const symbolKeys = Object.getOwnPropertySymbols(shape);
  if (symbolKeys.length && handleUnrepresentable(schema, ctx, json, params, "Symbol keys cannot be represented in JSON Schema")) {
    return;
  }
  json.type = "object";
  json.properties = {};
  for (const key in shape) {
    assignProp(json.properties, key, processSchema(shape[key], ctx, {
      ...params,
      path: [...params.path, "properties", key]
    }));
  }
  const requiredKeys = [];
  for (const key of Object.keys(shape)) {
    const field = def.shape[key];
    if (ctx.io === "input" ? inputOptin(field) === void 0 : field._zod.optout === void 0) {
      requiredKeys.push(key);
    }
  }
  if (requiredKeys.length > 0) {
    json.required = requiredKeys;
  }
  if (def.catchall?._zod.def.type === "never") {
    json.additionalProperties = false;
  } else if (!def.catchall) {
    if (ctx.io === "output")
      json.additionalProperties = false;
  } else if (def.catchall) {
    json.additionalProperties = processSchema(def.catchall, ctx, {
      ...params,
      path: [...params.path, "additionalProperties"]
    });
  }
};
var unionProcessor = (schema, ctx, json, params) => {
  const def = schema._zod.def;
  const isExclusive = def.inclusive === false;
  const options = def.options.map((x, i) => processSchema(x, ctx, {
    ...params,
    path: [...params.path, isExclusive ? "oneOf" : "anyOf", i]
  }));
  if (isExclusive) {
    json.oneOf = options;
  } else {
    json.anyOf = options;
  }
};
var intersectionProcessor = (schema, ctx, json, params) => {
  const def = schema._zod.def;
  const a = processSchema(def.left, ctx, {
    ...params,
    path: [...params.path, "allOf", 0]
  });
  const b = processSchema(def.right, ctx, {
    ...params,
    path: [...params.path, "allOf", 1]
  });
  const isSimpleIntersection = (val) => "allOf" in val && Object.keys(val).length === 1;
  const allOf = [
    ...isSimpleIntersection(a) ? a.allOf : [a],
    ...isSimpleIntersection(b) ? b.allOf : [b]
  ];
  json.allOf = allOf;
  ctx.intersections.push(allOf);
};
function stringifyKeyNames(bySchema, json, visited) {
  if (json.$ref) {
    if (visited.has(json))
      return json;
    visited.add(json);
    const def = bySchema.get(json)?.def;
    if (!def)
      return json;
    const inlined = stringifyKeyNames(bySchema, def, visited);
    return inlined === def ? json : inlined;
  }
  for (const keyword of ["anyOf", "oneOf"]) {
    const branches = json[keyword];
    if (!Array.isArray(branches))
      continue;
    const mapped = branches.map((branch) => stringifyKeyNames(bySchema, branch, visited));
    if (mapped.some((branch, i) => branch !== branches[i]))
      json = { ...json, [keyword]: mapped };
  }
  const types = Array.isArray(json.type) ? json.type : [json.type];
  const numericType = !types.includes("string") && types.some((t) => t === "number" || t === "integer");
  const values = json.enum ?? (json.const !== void 0 ? [json.const] : void 0);
  if (!numericType && !values?.some((v) => typeof v === "number"))
    return json;
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf, format, id, ...rest } = json;
  if (rest.enum)
    rest.enum = rest.enum.map((v) => typeof v === "number" ? String(v) : v);
  else if (typeof rest.const === "number")
    rest.const = String(rest.const);
  if (!numericType)
    return rest;
  rest.type = "string";
  if (!values)
    rest.pattern = (types.includes("number") ? number : integer).source;
  return rest;
}
var pendingRecords = /* @__PURE__ */ new WeakMap();
function rewriteKeyNames(ctx) {
  const bySchema = /* @__PURE__ */ new Map();
  for (const entry of ctx.seen.values()) {
    if (entry.def && !bySchema.has(entry.schema))
      bySchema.set(entry.schema, entry);
  }
  const rewrites = /* @__PURE__ */ new Map();
  for (const record2 of pendingRecords.get(ctx) ?? []) {
    const seen = ctx.seen.get(record2);
    const names = (seen?.def ?? seen?.schema)?.propertyNames;
    if (!names || names === true || rewrites.has(names))
      continue;
    const rewritten = stringifyKeyNames(bySchema, names, /* @__PURE__ */ new Set());
    if (rewritten !== names)
      rewrites.set(names, rewritten);
  }
  if (!rewrites.size)
    return;
  for (const entry of ctx.seen.values()) {
    for (const carrier of [entry.schema, entry.def]) {
      const rewritten = carrier && rewrites.get(carrier.propertyNames);
      if (rewritten)
        carrier.propertyNames = rewritten;
    }
  }
}
var recordProcessor = (schema, ctx, _json, params) => {
  const json = _json;
  const def = schema._zod.def;
  json.type = "object";
  const keyType = def.keyType;
  const patterns2 = aggregateChecks(keyType).patterns;
  if (def.mode === "loose" && patterns2 && patterns2.size > 0) {
    const valueSchema = processSchema(def.valueType, ctx, {
      ...params,
      path: [...params.path, "patternProperties", "*"]
    });
    json.patternProperties = {};
    for (const pattern of patterns2) {
      assignProp(json.patternProperties, exactPattern(pattern).source, valueSchema);
    }
  } else {
    if (ctx.target === "draft-07" || ctx.target === "draft-2020-12") {
      json.propertyNames = processSchema(def.keyType, ctx, {
        ...params,
        path: [...params.path, "propertyNames"]
      });
      let pending = pendingRecords.get(ctx);
      if (!pending) {
        pending = [];
        pendingRecords.set(ctx, pending);
        ctx.deferred.push(() => rewriteKeyNames(ctx));
      }
      pending.push(schema);
    }
    json.additionalProperties = processSchema(def.valueType, ctx, {
      ...params,
      path: [...params.path, "additionalProperties"]
    });
  }
  const keyValues = keyType._zod.values;
  const omittableOnInput = ctx.io === "input" && inputOptin(def.valueType) !== void 0;
  if (keyValues && !def.partial && !omittableOnInput) {
    const validKeyValues = [...keyValues].filter((v) => typeof v === "string" || typeof v === "number");
    if (validKeyValues.length > 0) {
      json.required = validKeyValues.map(String);
    }
  }
};
var nullableProcessor = (schema, ctx, json, params) => {
  const def = schema._zod.def;
  const inner = processSchema(def.innerType, ctx, params);
  const seen = ctx.seen.get(schema);
  if (ctx.target === "openapi-3.0") {
    seen.ref = def.innerType;
    json.nullable = true;
  } else {
    json.anyOf = [inner, { type: "null" }];
  }
};
var nonoptionalProcessor = (schema, ctx, _json, params) => {
  const def = schema._zod.def;
  processSchema(def.innerType, ctx, params);
  const seen = ctx.seen.get(schema);
  seen.ref = def.innerType;
};
var UNREPRESENTABLE_DEFAULT = /* @__PURE__ */ Symbol();
function serializeDefaultValue(value, schema, ctx, json, params) {
  let unrepresentable = false;
  const serialized = JSON.stringify(value, (_, val) => {
    if (typeof val !== "bigint")
      return val;
    unrepresentable = true;
    return null;
  });
  if (!unrepresentable)
    return JSON.parse(serialized);
  handleUnrepresentable(schema, ctx, json, params, "BigInt defaults cannot be represented in JSON Schema");
  return UNREPRESENTABLE_DEFAULT;
}
var defaultProcessor = (schema, ctx, json, params) => {
  const def = schema._zod.def;
  processSchema(def.innerType, ctx, params);
  const seen = ctx.seen.get(schema);
  seen.ref = def.innerType;
  const value = serializeDefaultValue(def.defaultValue, schema, ctx, json, params);
  if (value !== UNREPRESENTABLE_DEFAULT)
    json.default = value;
};
var prefaultProcessor = (schema, ctx, json, params) => {
  const def = schema._zod.def;
  processSchema(def.innerType, ctx, params);
  const seen = ctx.seen.get(schema);
  seen.ref = def.innerType;
  if (ctx.io !== "input")
    return;
  const value = serializeDefaultValue(def.defaultValue, schema, ctx, json, params);
  if (value !== UNREPRESENTABLE_DEFAULT)
    json._prefault = value;
};
var catchProcessor = (schema, ctx, json, params) => {
  const def = schema._zod.def;
  processSchema(def.innerType, ctx, params);
  const seen = ctx.seen.get(schema);
  seen.ref = def.innerType;
  let catchValue;
  try {
    catchValue = def.catchValue(void 0);
  } catch {
    handleUnrepresentable(schema, ctx, json, params, "Dynamic catch values are not supported in JSON Schema");
    return;
  }
  json.default = catchValue;
};
var pipeProcessor = (schema, ctx, _json, params) => {
  const def = schema._zod.def;
  const inIsTransform = def.in._zod.traits.has("$ZodTransform");
  const innerType = ctx.io === "input" ? inIsTransform ? def.out : def.in : def.out;
  processSchema(innerType, ctx, params);
  const seen = ctx.seen.get(schema);
  seen.ref = innerType;
};
var readonlyProcessor = (schema, ctx, json, params) => {
  const def = schema._zod.def;
  processSchema(def.innerType, ctx, params);
  const seen = ctx.seen.get(schema);
  seen.ref = def.innerType;
  json.readOnly = true;
};
var optionalProcessor = (schema, ctx, _json, params) => {
  const def = schema._zod.def;
  processSchema(def.innerType, ctx, params);
  const seen = ctx.seen.get(schema);
  seen.ref = def.innerType;
};

// node_modules/zod/v4/classic/errors.js
var _installedErrorProtos = /* @__PURE__ */ new WeakSet([Object.prototype, Error.prototype]);
function _lazyMethod(proto, key, make) {
  Object.defineProperty(proto, key, {
    configurable: true,
    enumerable: false,
    get() {
      const value = make(this);
      Object.defineProperty(this, key, { value, configurable: true, writable: true });
      return value;
    },
    set(value) {
      Object.defineProperty(this, key, { value, configurable: true, writable: true });
    }
  });
}
var initializer2 = (inst, issues) => {
  $ZodError.init(inst, issues);
  inst.name = "ZodError";
  const proto = Object.getPrototypeOf(inst);
  if (_installedErrorProtos.has(proto))
    return;
  _installedErrorProtos.add(proto);
  _lazyMethod(proto, "format", (self) => (mapper) => formatError(self, mapper));
  _lazyMethod(proto, "flatten", (self) => (mapper) => flattenError(self, mapper));
  _lazyMethod(proto, "addIssue", (self) => (issue2) => {
    self.issues.push(issue2);
    self.message = JSON.stringify(self.issues, jsonStringifyReplacer, 2);
  });
  _lazyMethod(proto, "addIssues", (self) => (issues2) => {
    self.issues.push(...issues2);
    self.message = JSON.stringify(self.issues, jsonStringifyReplacer, 2);
  });
  Object.defineProperty(proto, "isEmpty", {
    configurable: true,
    enumerable: false,
    get() {
      return this.issues.length === 0;
    }
  });
};
var ZodRealError = /* @__PURE__ */ $constructor("ZodError", initializer2, void 0, {
  Parent: Error
});

// node_modules/zod/v4/classic/parse.js
var parse = /* @__PURE__ */ _parse(ZodRealError);
var parseAsync = /* @__PURE__ */ _parseAsync(ZodRealError);
var safeParse = /* @__PURE__ */ _safeParse(ZodRealError);
var safeParseAsync = /* @__PURE__ */ _safeParseAsync(ZodRealError);
var encode = /* @__PURE__ */ _encode(ZodRealError);
var decode = /* @__PURE__ */ _decode(ZodRealError);
var encodeAsync = /* @__PURE__ */ _encodeAsync(ZodRealError);
var decodeAsync = /* @__PURE__ */ _decodeAsync(ZodRealError);
var safeEncode = /* @__PURE__ */ _safeEncode(ZodRealError);
var safeDecode = /* @__PURE__ */ _safeDecode(ZodRealError);
var safeEncodeAsync = /* @__PURE__ */ _safeEncodeAsync(ZodRealError);
var safeDecodeAsync = /* @__PURE__ */ _safeDecodeAsync(ZodRealError);

// node_modules/zod/v4/classic/schemas.js
function _ensureDefaultLocale() {
  if (!globalConfig.localeError)
    config(en_default());
}
function _ensureDefaultMemoizer() {
  if (!globalConfig.memoizer)
    config({ memoizer: memoizer() });
}
var ZodType = /* @__PURE__ */ $constructor("ZodType", (inst, def) => {
  _ensureDefaultLocale();
  $ZodType.init(inst, def);
  inst.def = def;
  inst.type = def.type;
  return inst;
}, {
  check(...chks) {
    const def = this.def;
    return this.clone(util_exports.mergeDefs(def, {
      checks: [
        ...def.checks ?? [],
        ...chks.map((ch) => typeof ch === "function" ? { _zod: { check: ch, def: { check: "custom" }, onattach: [] } } : ch)
      ]
    }), { parent: true });
  },
  with(...chks) {
    return this.check(...chks);
  },
  clone(def, params) {
    return clone(this, def, params);
  },
  brand() {
    return this;
  },
  register(reg, meta2) {
    reg.add(this, meta2);
    return this;
  },
  refine(check, params) {
    return this.check(refine(check, params));
  },
  superRefine(refinement, params) {
    return this.check(superRefine(refinement, params));
  },
  overwrite(fn) {
    return this.check(_overwrite(fn));
  },
  optional() {
    return optional(this);
  },
  exactOptional() {
    return exactOptional(this);
  },
  nullable() {
    return nullable(this);
  },
  nullish() {
    return optional(nullable(this));
  },
  nonoptional(params) {
    return nonoptional(this, params);
  },
  array() {
    return array(this);
  },
  or(arg) {
    return union([this, arg]);
  },
  and(arg) {
    return intersection(this, arg);
  },
  transform(tx) {
    return pipe(this, transform(tx));
  },
  default(d) {
    return _default(this, d);
  },
  prefault(d) {
    return prefault(this, d);
  },
  catch(params) {
    return _catch(this, params);
  },
  pipe(target) {
    return pipe(this, target);
  },
  readonly() {
    return readonly(this);
  },
  describe(description) {
    const cl = this.clone();
    globalRegistry.add(cl, { description });
    return cl;
  },
  meta(...args) {
    if (args.length === 0)
      return globalRegistry.get(this);
    const cl = this.clone();
    globalRegistry.add(cl, args[0]);
    return cl;
  },
  isOptional() {
    return this.safeParse(void 0).success;
  },
  isNullable() {
    return this.safeParse(null).success;
  },
  apply(fn, ...args) {
    return args.length === 0 ? fn(this) : fn(this, ...args);
  },
  // Overrides core's `~standard` to add `jsonSchema`. Must stay a prototype entry: redefining it per instance demotes instances to dictionary mode.
  get "~standard"() {
    return util_exports.hide(this, "~standard", {
      ...standardProps(this),
      jsonSchema: {
        input: createStandardJSONSchemaMethod(this, "input"),
        output: createStandardJSONSchemaMethod(this, "output")
      }
    });
  },
  set "~standard"(value) {
    util_exports.own(this, "~standard", value);
  },
  parse: function _parse2(data, params) {
    return parse(this, data, params, { callee: _parse2 });
  },
  parseAsync: async function _parseAsync2(data, params) {
    return await parseAsync(this, data, params, { callee: _parseAsync2 });
  },
  safeParse(data, params) {
    return safeParse(this, data, params);
  },
  async safeParseAsync(data, params) {
    return safeParseAsync(this, data, params);
  },
  // `spa` is an alias: same function object as `safeParseAsync`, as before.
  get spa() {
    return this?.safeParseAsync;
  },
  set spa(value) {
    util_exports.own(this, "spa", value);
  },
  validate(data, params) {
    return validate(this, data, params);
  },
  validateAsync(data, params) {
    return validateAsync(this, data, params);
  },
  encode: function _encode2(data, params) {
    return encode(this, data, params, { callee: _encode2 });
  },
  decode: function _decode2(data, params) {
    return decode(this, data, params, { callee: _decode2 });
  },
  encodeAsync: async function _encodeAsync2(data, params) {
    return await encodeAsync(this, data, params, { callee: _encodeAsync2 });
  },
  decodeAsync: async function _decodeAsync2(data, params) {
    return await decodeAsync(this, data, params, { callee: _decodeAsync2 });
  },
  safeEncode(data, params) {
    return safeEncode(this, data, params);
  },
  safeDecode(data, params) {
    return safeDecode(this, data, params);
  },
  async safeEncodeAsync(data, params) {
    return safeEncodeAsync(this, data, params);
  },
  async safeDecodeAsync(data, params) {
    return safeDecodeAsync(this, data, params);
  },
  toJSONSchema(params) {
    return createToJSONSchemaMethod(this, {})(params);
  },
  // Reads through to the registry on every access, so it must not cache.
  get description() {
    return globalRegistry.get(this)?.description;
  },
  // No setter: `schema._def = x` throws, as it did when `_def` was a non-writable own property.
  get _def() {
    return this._zod.def;
  }
});
var _ZodString = /* @__PURE__ */ $constructor(
  "_ZodString",
  (inst, def) => {
    $ZodString.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => stringProcessor(inst, ctx, json, params);
  },
  /* @__PURE__ */ util_exports.derived({
    format: (inst) => aggregateChecks(inst).format ?? null,
    minLength: (inst) => aggregateChecks(inst).minimum ?? null,
    maxLength: (inst) => aggregateChecks(inst).maximum ?? null
  }, {
    regex(...args) {
      return this.check(_regex(...args));
    },
    includes(...args) {
      return this.check(_includes(...args));
    },
    startsWith(...args) {
      return this.check(_startsWith(...args));
    },
    endsWith(...args) {
      return this.check(_endsWith(...args));
    },
    min(...args) {
      return this.check(_minLength(...args));
    },
    max(...args) {
      return this.check(_maxLength(...args));
    },
    length(...args) {
      return this.check(_length(...args));
    },
    nonempty(...args) {
      return this.check(_minLength(1, ...args));
    },
    lowercase(params) {
      return this.check(_lowercase(params));
    },
    uppercase(params) {
      return this.check(_uppercase(params));
    },
    trim() {
      return this.check(_trim());
    },
    normalize(...args) {
      return this.check(_normalize(...args));
    },
    toLowerCase() {
      return this.check(_toLowerCase());
    },
    toUpperCase() {
      return this.check(_toUpperCase());
    },
    slugify() {
      return this.check(_slugify());
    }
  })
);
var ZodString = /* @__PURE__ */ $constructor("ZodString", (inst, def) => {
  $ZodString.init(inst, def);
  _ZodString.init(inst, def);
}, {
  email(params) {
    return this.check(_email(ZodEmail, params));
  },
  url(params) {
    return this.check(_url(ZodURL, params));
  },
  jwt(params) {
    return this.check(_jwt(ZodJWT, params));
  },
  emoji(params) {
    return this.check(_emoji2(ZodEmoji, params));
  },
  guid(params) {
    return this.check(_guid(ZodGUID, params));
  },
  uuid(params) {
    return this.check(_uuid(ZodUUID, params));
  },
  uuidv4(params) {
    return this.check(_uuidv4(ZodUUID, params));
  },
  uuidv6(params) {
    return this.check(_uuidv6(ZodUUID, params));
  },
  uuidv7(params) {
    return this.check(_uuidv7(ZodUUID, params));
  },
  nanoid(params) {
    return this.check(_nanoid(ZodNanoID, params));
  },
  cuid(params) {
    return this.check(_cuid(ZodCUID, params));
  },
  cuid2(params) {
    return this.check(_cuid2(ZodCUID2, params));
  },
  ulid(params) {
    return this.check(_ulid(ZodULID, params));
  },
  base64(params) {
    return this.check(_base64(ZodBase64, params));
  },
  base64url(params) {
    return this.check(_base64url(ZodBase64URL, params));
  },
  xid(params) {
    return this.check(_xid(ZodXID, params));
  },
  ksuid(params) {
    return this.check(_ksuid(ZodKSUID, params));
  },
  ipv4(params) {
    return this.check(_ipv4(ZodIPv4, params));
  },
  ipv6(params) {
    return this.check(_ipv6(ZodIPv6, params));
  },
  cidrv4(params) {
    return this.check(_cidrv4(ZodCIDRv4, params));
  },
  cidrv6(params) {
    return this.check(_cidrv6(ZodCIDRv6, params));
  },
  e164(params) {
    return this.check(_e164(ZodE164, params));
  },
  datetime(params) {
    return this.check(_isoDateTime(ZodISODateTime, params));
  },
  date(params) {
    return this.check(_isoDate(ZodISODate, params));
  },
  time(params) {
    return this.check(_isoTime(ZodISOTime, params));
  },
  duration(params) {
    return this.check(_isoDuration(ZodISODuration, params));
  }
});
function string2(params) {
  return _string(ZodString, params);
}
var ZodStringFormat = /* @__PURE__ */ $constructor("ZodStringFormat", (inst, def) => {
  $ZodStringFormat.init(inst, def);
  _ZodString.init(inst, def);
});
var ZodISODateTime = /* @__PURE__ */ $constructor("ZodISODateTime", (inst, def) => {
  $ZodISODateTime.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodISODate = /* @__PURE__ */ $constructor("ZodISODate", (inst, def) => {
  $ZodISODate.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodISOTime = /* @__PURE__ */ $constructor("ZodISOTime", (inst, def) => {
  $ZodISOTime.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodISODuration = /* @__PURE__ */ $constructor("ZodISODuration", (inst, def) => {
  $ZodISODuration.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodEmail = /* @__PURE__ */ $constructor("ZodEmail", (inst, def) => {
  $ZodEmail.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodGUID = /* @__PURE__ */ $constructor("ZodGUID", (inst, def) => {
  $ZodGUID.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodUUID = /* @__PURE__ */ $constructor("ZodUUID", (inst, def) => {
  $ZodUUID.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodURL = /* @__PURE__ */ $constructor("ZodURL", (inst, def) => {
  $ZodURL.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodEmoji = /* @__PURE__ */ $constructor("ZodEmoji", (inst, def) => {
  $ZodEmoji.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodNanoID = /* @__PURE__ */ $constructor("ZodNanoID", (inst, def) => {
  $ZodNanoID.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodCUID = /* @__PURE__ */ $constructor("ZodCUID", (inst, def) => {
  $ZodCUID.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodCUID2 = /* @__PURE__ */ $constructor("ZodCUID2", (inst, def) => {
  $ZodCUID2.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodULID = /* @__PURE__ */ $constructor("ZodULID", (inst, def) => {
  $ZodULID.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodXID = /* @__PURE__ */ $constructor("ZodXID", (inst, def) => {
  $ZodXID.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodKSUID = /* @__PURE__ */ $constructor("ZodKSUID", (inst, def) => {
  $ZodKSUID.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodIPv4 = /* @__PURE__ */ $constructor("ZodIPv4", (inst, def) => {
  $ZodIPv4.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodIPv6 = /* @__PURE__ */ $constructor("ZodIPv6", (inst, def) => {
  $ZodIPv6.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodCIDRv4 = /* @__PURE__ */ $constructor("ZodCIDRv4", (inst, def) => {
  $ZodCIDRv4.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodCIDRv6 = /* @__PURE__ */ $constructor("ZodCIDRv6", (inst, def) => {
  $ZodCIDRv6.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodBase64 = /* @__PURE__ */ $constructor("ZodBase64", (inst, def) => {
  $ZodBase64.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodBase64URL = /* @__PURE__ */ $constructor("ZodBase64URL", (inst, def) => {
  $ZodBase64URL.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodE164 = /* @__PURE__ */ $constructor("ZodE164", (inst, def) => {
  $ZodE164.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodJWT = /* @__PURE__ */ $constructor("ZodJWT", (inst, def) => {
  $ZodJWT.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodNumber = /* @__PURE__ */ $constructor(
  "ZodNumber",
  (inst, def) => {
    $ZodNumber.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => numberProcessor(inst, ctx, json, params);
    inst.isFinite = true;
  },
  /* @__PURE__ */ util_exports.derived({
    minValue: (inst) => {
      const { minimum, exclusiveMinimum } = aggregateChecks(inst);
      return Math.max(minimum ?? Number.NEGATIVE_INFINITY, exclusiveMinimum ?? Number.NEGATIVE_INFINITY);
    },
    maxValue: (inst) => {
      const { maximum, exclusiveMaximum } = aggregateChecks(inst);
      return Math.min(maximum ?? Number.POSITIVE_INFINITY, exclusiveMaximum ?? Number.POSITIVE_INFINITY);
    },
    isInt: (inst) => {
      const { isInt, multipleOf } = aggregateChecks(inst);
      return !!isInt || !!multipleOf?.some(Number.isSafeInteger);
    },
    format: (inst) => aggregateChecks(inst).format ?? null
  }, {
    gt(value, params) {
      return this.check(_gt(value, params));
    },
    gte(value, params) {
      return this.check(_gte(value, params));
    },
    min(value, params) {
      return this.check(_gte(value, params));
    },
    lt(value, params) {
      return this.check(_lt(value, params));
    },
    lte(value, params) {
      return this.check(_lte(value, params));
    },
    max(value, params) {
      return this.check(_lte(value, params));
    },
    int(params) {
      return this.check(int(params));
    },
    safe(params) {
      return this.check(int(params));
    },
    positive(params) {
      return this.check(_gt(0, params));
    },
    nonnegative(params) {
      return this.check(_gte(0, params));
    },
    negative(params) {
      return this.check(_lt(0, params));
    },
    nonpositive(params) {
      return this.check(_lte(0, params));
    },
    multipleOf(value, params) {
      return this.check(_multipleOf(value, params));
    },
    step(value, params) {
      return this.check(_multipleOf(value, params));
    },
    finite() {
      return this;
    }
  })
);
function number2(params) {
  return _number(ZodNumber, params);
}
var ZodNumberFormat = /* @__PURE__ */ $constructor("ZodNumberFormat", (inst, def) => {
  $ZodNumberFormat.init(inst, def);
  ZodNumber.init(inst, def);
});
function int(params) {
  return _int(ZodNumberFormat, params);
}
var ZodBoolean = /* @__PURE__ */ $constructor("ZodBoolean", (inst, def) => {
  $ZodBoolean.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => booleanProcessor(inst, ctx, json, params);
});
function boolean2(params) {
  return _boolean(ZodBoolean, params);
}
var ZodUnknown = /* @__PURE__ */ $constructor("ZodUnknown", (inst, def) => {
  $ZodUnknown.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => unknownProcessor(inst, ctx, json, params);
});
function unknown() {
  return _unknown(ZodUnknown);
}
var ZodNever = /* @__PURE__ */ $constructor("ZodNever", (inst, def) => {
  $ZodNever.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => neverProcessor(inst, ctx, json, params);
});
function never(params) {
  return _never(ZodNever, params);
}
var ZodArray = /* @__PURE__ */ $constructor("ZodArray", (inst, def) => {
  _ensureDefaultMemoizer();
  $ZodArray.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => arrayProcessor(inst, ctx, json, params);
  inst.element = def.element;
}, {
  min(n, params) {
    return this.check(_minLength(n, params));
  },
  nonempty(params) {
    return this.check(_minLength(1, params));
  },
  max(n, params) {
    return this.check(_maxLength(n, params));
  },
  length(n, params) {
    return this.check(_length(n, params));
  },
  unwrap() {
    return this.element;
  }
});
function array(element, params) {
  return _array(ZodArray, element, params);
}
var ZodObject = /* @__PURE__ */ $constructor("ZodObject", (inst, def) => {
  _ensureDefaultMemoizer();
  $ZodObjectJIT.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => objectProcessor(inst, ctx, json, params);
  util_exports.installLazyProp(inst, "shape", (self) => self._zod.def.shape, false);
}, {
  keyof() {
    return _enum(Object.keys(this._zod.def.shape));
  },
  catchall(catchall) {
    return this.clone(util_exports.mergeDefs(this._zod.def, { catchall }));
  },
  passthrough() {
    return this.clone(util_exports.mergeDefs(this._zod.def, { catchall: unknown() }));
  },
  loose() {
    return this.clone(util_exports.mergeDefs(this._zod.def, { catchall: unknown() }));
  },
  strict() {
    return this.clone(util_exports.mergeDefs(this._zod.def, { catchall: never() }));
  },
  strip() {
    return this.clone(util_exports.mergeDefs(this._zod.def, { catchall: void 0 }));
  },
  extend(incoming) {
    return util_exports.extend(this, incoming);
  },
  safeExtend(incoming) {
    return util_exports.safeExtend(this, incoming);
  },
  merge(other) {
    return util_exports.merge(this, other);
  },
  pick(mask) {
    return util_exports.pick(this, mask);
  },
  omit(mask) {
    return util_exports.omit(this, mask);
  },
  partial(...args) {
    return util_exports.partial(ZodOptional, this, args[0]);
  },
  exactPartial(...args) {
    return util_exports.partial(ZodExactOptional, this, args[0], "exactPartial");
  },
  required(...args) {
    return util_exports.required(ZodNonOptional, this, args[0]);
  }
});
function object(shape, params) {
  const def = {
    type: "object",
    shape: shape ?? {},
    ...util_exports.normalizeParams(params)
  };
  return new ZodObject(def);
}
function strictObject(shape, params) {
  return new ZodObject({
    type: "object",
    shape,
    catchall: never(),
    ...util_exports.normalizeParams(params)
  });
}
var ZodUnion = /* @__PURE__ */ $constructor("ZodUnion", (inst, def) => {
  $ZodUnion.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => unionProcessor(inst, ctx, json, params);
  inst.options = def.options;
});
function union(options, params) {
  return new ZodUnion({
    type: "union",
    options,
    ...util_exports.normalizeParams(params)
  });
}
var ZodIntersection = /* @__PURE__ */ $constructor("ZodIntersection", (inst, def) => {
  $ZodIntersection.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => intersectionProcessor(inst, ctx, json, params);
});
function intersection(left, right) {
  return new ZodIntersection({
    type: "intersection",
    left,
    right
  });
}
var ZodRecord = /* @__PURE__ */ $constructor("ZodRecord", (inst, def) => {
  _ensureDefaultMemoizer();
  $ZodRecord.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => recordProcessor(inst, ctx, json, params);
  inst.keyType = def.keyType;
  inst.valueType = def.valueType;
});
function record(keyType, valueType, params) {
  if (!valueType || !valueType._zod) {
    return new ZodRecord({
      type: "record",
      keyType: string2(),
      valueType: keyType,
      ...util_exports.normalizeParams(valueType)
    });
  }
  return new ZodRecord({
    type: "record",
    keyType,
    valueType,
    ...util_exports.normalizeParams(params)
  });
}
var ZodEnum = /* @__PURE__ */ $constructor("ZodEnum", (inst, def) => {
  $ZodEnum.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => enumProcessor(inst, ctx, json, params);
  inst.enum = def.entries;
  inst.options = [...inst._zod.values];
  const keys = new Set(Object.keys(def.entries));
  inst.extract = (values, params) => {
    const newEntries = {};
    for (const value of values) {
      if (keys.has(value)) {
        newEntries[value] = def.entries[value];
      } else
        throw new Error(`Key ${value} not found in enum`);
    }
    return new ZodEnum({
      ...def,
      checks: [],
      ...util_exports.normalizeParams(params),
      entries: newEntries
    });
  };
  inst.exclude = (values, params) => {
    const newEntries = { ...def.entries };
    for (const value of values) {
      if (keys.has(value)) {
        delete newEntries[value];
      } else
        throw new Error(`Key ${value} not found in enum`);
    }
    return new ZodEnum({
      ...def,
      checks: [],
      ...util_exports.normalizeParams(params),
      entries: newEntries
    });
  };
});
function _enum(values, params) {
  const entries = Array.isArray(values) ? Object.fromEntries(values.map((v) => [v, v])) : values;
  return new ZodEnum({
    type: "enum",
    entries,
    ...util_exports.normalizeParams(params)
  });
}
var ZodLiteral = /* @__PURE__ */ $constructor("ZodLiteral", (inst, def) => {
  $ZodLiteral.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => literalProcessor(inst, ctx, json, params);
  inst.values = new Set(def.values);
  Object.defineProperty(inst, "value", {
    get() {
      if (def.values.length > 1) {
        throw new Error("This schema contains multiple valid literal values. Use `.values` instead.");
      }
      return def.values[0];
    }
  });
});
function literal(value, params) {
  return new ZodLiteral({
    type: "literal",
    values: Array.isArray(value) ? value : [value],
    ...util_exports.normalizeParams(params)
  });
}
var ZodTransform = /* @__PURE__ */ $constructor("ZodTransform", (inst, def) => {
  _ensureDefaultMemoizer();
  $ZodTransform.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => transformProcessor(inst, ctx, json, params);
  inst._zod.parse = (payload, _ctx) => {
    if (_ctx.direction === "backward") {
      throw new $ZodEncodeError(inst.constructor.name);
    }
    payload.addIssue = (issue2) => {
      if (typeof issue2 === "string") {
        payload.issues.push(util_exports.issue(issue2, payload.value, def));
      } else {
        const _issue = issue2;
        if (_issue.fatal)
          _issue.continue = false;
        _issue.code ?? (_issue.code = "custom");
        if (!("input" in _issue))
          _issue.input = payload.value;
        _issue.inst ?? (_issue.inst = inst);
        payload.issues.push(util_exports.issue(_issue));
      }
    };
    const output = def.transform(payload.value, payload);
    if (output instanceof Promise) {
      return output.then((output2) => {
        payload.value = output2;
        return payload;
      });
    }
    payload.value = output;
    return payload;
  };
});
function transform(fn) {
  return new ZodTransform({
    type: "transform",
    transform: fn
  });
}
var ZodOptional = /* @__PURE__ */ $constructor("ZodOptional", (inst, def) => {
  $ZodOptional.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => optionalProcessor(inst, ctx, json, params);
  inst.unwrap = () => inst._zod.def.innerType;
});
function optional(innerType) {
  return new ZodOptional({
    type: "optional",
    innerType
  });
}
var ZodExactOptional = /* @__PURE__ */ $constructor("ZodExactOptional", (inst, def) => {
  $ZodExactOptional.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => optionalProcessor(inst, ctx, json, params);
  inst.unwrap = () => inst._zod.def.innerType;
});
function exactOptional(innerType) {
  return new ZodExactOptional({
    type: "optional",
    innerType
  });
}
var ZodNullable = /* @__PURE__ */ $constructor("ZodNullable", (inst, def) => {
  $ZodNullable.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => nullableProcessor(inst, ctx, json, params);
  inst.unwrap = () => inst._zod.def.innerType;
});
function nullable(innerType) {
  return new ZodNullable({
    type: "nullable",
    innerType
  });
}
var ZodDefault = /* @__PURE__ */ $constructor("ZodDefault", (inst, def) => {
  $ZodDefault.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => defaultProcessor(inst, ctx, json, params);
  inst.unwrap = () => inst._zod.def.innerType;
  inst.removeDefault = inst.unwrap;
});
function _default(innerType, defaultValue) {
  return new ZodDefault({
    type: "default",
    innerType,
    get defaultValue() {
      return typeof defaultValue === "function" ? defaultValue() : util_exports.shallowClone(defaultValue);
    }
  });
}
var ZodPrefault = /* @__PURE__ */ $constructor("ZodPrefault", (inst, def) => {
  $ZodPrefault.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => prefaultProcessor(inst, ctx, json, params);
  inst.unwrap = () => inst._zod.def.innerType;
});
function prefault(innerType, defaultValue) {
  return new ZodPrefault({
    type: "prefault",
    innerType,
    get defaultValue() {
      return typeof defaultValue === "function" ? defaultValue() : util_exports.shallowClone(defaultValue);
    }
  });
}
var ZodNonOptional = /* @__PURE__ */ $constructor("ZodNonOptional", (inst, def) => {
  $ZodNonOptional.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => nonoptionalProcessor(inst, ctx, json, params);
  inst.unwrap = () => inst._zod.def.innerType;
});
function nonoptional(innerType, params) {
  return new ZodNonOptional({
    type: "nonoptional",
    innerType,
    ...util_exports.normalizeParams(params)
  });
}
var ZodCatch = /* @__PURE__ */ $constructor("ZodCatch", (inst, def) => {
  $ZodCatch.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => catchProcessor(inst, ctx, json, params);
  inst.unwrap = () => inst._zod.def.innerType;
  inst.removeCatch = inst.unwrap;
});
function _catch(innerType, catchValue) {
  return new ZodCatch({
    type: "catch",
    innerType,
    catchValue: typeof catchValue === "function" ? catchValue : util_exports.constantCatch(catchValue)
  });
}
var ZodPipe = /* @__PURE__ */ $constructor("ZodPipe", (inst, def) => {
  $ZodPipe.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => pipeProcessor(inst, ctx, json, params);
  inst.in = def.in;
  inst.out = def.out;
});
function pipe(in_, out) {
  return new ZodPipe({
    type: "pipe",
    in: in_,
    out
    // ...util.normalizeParams(params),
  });
}
var ZodPreprocess = /* @__PURE__ */ $constructor("ZodPreprocess", (inst, def) => {
  ZodPipe.init(inst, def);
  $ZodPreprocess.init(inst, def);
});
var ZodReadonly = /* @__PURE__ */ $constructor("ZodReadonly", (inst, def) => {
  $ZodReadonly.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => readonlyProcessor(inst, ctx, json, params);
  inst.unwrap = () => inst._zod.def.innerType;
});
function readonly(innerType) {
  return new ZodReadonly({
    type: "readonly",
    innerType
  });
}
var ZodCustom = /* @__PURE__ */ $constructor("ZodCustom", (inst, def) => {
  $ZodCustom.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => customProcessor(inst, ctx, json, params);
});
function refine(fn, _params = {}) {
  return _refine(ZodCustom, fn, _params);
}
function superRefine(fn, params) {
  return _superRefine(fn, params);
}
function preprocess(fn, schema) {
  return new ZodPreprocess({
    type: "pipe",
    in: transform(fn),
    out: schema
  });
}

// node_modules/leven/index.js
var array2 = [];
var characterCodeCache = [];
function leven(first, second, options) {
  if (first === second) {
    return 0;
  }
  const maxDistance = options?.maxDistance;
  const swap = first;
  if (first.length > second.length) {
    first = second;
    second = swap;
  }
  let firstLength = first.length;
  let secondLength = second.length;
  while (firstLength > 0 && first.charCodeAt(~-firstLength) === second.charCodeAt(~-secondLength)) {
    firstLength--;
    secondLength--;
  }
  let start = 0;
  while (start < firstLength && first.charCodeAt(start) === second.charCodeAt(start)) {
    start++;
  }
  firstLength -= start;
  secondLength -= start;
  if (maxDistance !== void 0 && secondLength - firstLength > maxDistance) {
    return maxDistance;
  }
  if (firstLength === 0) {
    return maxDistance !== void 0 && secondLength > maxDistance ? maxDistance : secondLength;
  }
  let bCharacterCode;
  let result;
  let temporary;
  let temporary2;
  let index = 0;
  let index2 = 0;
  while (index < firstLength) {
    characterCodeCache[index] = first.charCodeAt(start + index);
    array2[index] = ++index;
  }
  while (index2 < secondLength) {
    bCharacterCode = second.charCodeAt(start + index2);
    temporary = index2++;
    result = index2;
    for (index = 0; index < firstLength; index++) {
      temporary2 = bCharacterCode === characterCodeCache[index] ? temporary : temporary + 1;
      temporary = array2[index];
      result = array2[index] = temporary > result ? temporary2 > result ? result + 1 : temporary2 : temporary2 > temporary ? temporary + 1 : temporary2;
    }
    if (maxDistance !== void 0) {
      let rowMinimum = result;
      for (index = 0; index < firstLength; index++) {
        if (array2[index] < rowMinimum) {
          rowMinimum = array2[index];
        }
      }
      if (rowMinimum > maxDistance) {
        return maxDistance;
      }
    }
  }
  array2.length = firstLength;
  characterCodeCache.length = firstLength;
  return maxDistance !== void 0 && result > maxDistance ? maxDistance : result;
}
function closestMatch(target, candidates, options) {
  if (!Array.isArray(candidates) || candidates.length === 0) {
    return void 0;
  }
  const userMax = options?.maxDistance;
  const targetLength = target.length;
  for (const candidate of candidates) {
    if (candidate === target) {
      return candidate;
    }
  }
  if (userMax === 0) {
    return void 0;
  }
  let best;
  let bestDist = Number.POSITIVE_INFINITY;
  const seen = /* @__PURE__ */ new Set();
  for (const candidate of candidates) {
    if (seen.has(candidate)) {
      continue;
    }
    seen.add(candidate);
    const lengthDiff = Math.abs(candidate.length - targetLength);
    if (lengthDiff >= bestDist) {
      continue;
    }
    if (userMax !== void 0 && lengthDiff > userMax) {
      continue;
    }
    const cap = Number.isFinite(bestDist) ? userMax === void 0 ? bestDist : Math.min(bestDist, userMax) : userMax;
    const distance = cap === void 0 ? leven(target, candidate) : leven(target, candidate, { maxDistance: cap });
    if (userMax !== void 0 && distance > userMax) {
      continue;
    }
    let actualD = distance;
    if (cap !== void 0 && distance === cap && cap === userMax) {
      actualD = leven(target, candidate);
    }
    if (actualD < bestDist) {
      bestDist = actualD;
      best = candidate;
      if (bestDist === 0) {
        break;
      }
    }
  }
  if (userMax !== void 0 && bestDist > userMax) {
    return void 0;
  }
  return best;
}

// src/core/nearest-word.ts
function nearestWord(word, known) {
  const maxDistance = word.length <= 3 ? 1 : 2;
  return closestMatch(word.toLowerCase(), known, { maxDistance }) ?? null;
}
function didYouMean(word, known, written = (near) => near) {
  const near = nearestWord(word, known);
  return near === null ? "" : `; did you mean ${written(near)}?`;
}

// src/core/zod-shape.ts
function keysAt(schema, path) {
  const def = schema._zod.def;
  const [head, ...tail] = path;
  switch (def.type) {
    case "object": {
      const shape = def.shape;
      if (head === void 0) return Object.keys(shape);
      const child = Object.hasOwn(shape, String(head)) ? shape[String(head)] : void 0;
      return child === void 0 ? [] : keysAt(child, tail);
    }
    case "array":
      return keysAt(def.element, tail);
    case "union":
      return [
        ...new Set(def.options.flatMap((option) => keysAt(option, path)))
      ];
    case "pipe":
      return keysAt(def.in, path);
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
      return keysAt(def.innerType, path);
    default:
      return [];
  }
}

// src/core/zod-errors.ts
function formatZodIssues(error2, schema) {
  return error2.issues.flatMap((issue2) => formatIssue(issue2, [], schema));
}
function formatIssue(issue2, prefix, schema) {
  const at = [...prefix, ...issue2.path];
  const path = at.length > 0 ? formatPath(at) : "(root)";
  if (issue2.code === "invalid_union" && issue2.errors.length > 0) {
    return formatUnion(issue2, at, path, schema);
  }
  if (issue2.code === "unrecognized_keys") return unknownKeys(issue2.keys, at, path, schema);
  return [`${path}: ${issue2.message}${meantValue(issue2.input, [issue2])}`];
}
function unknownKeys(keys, at, path, schema) {
  const known = schema === void 0 ? [] : keysAt(schema, at);
  const named = (k) => path === "(root)" ? k : `${path}.${k}`;
  const meant = keys.map((k) => [k, nearestWord(k, known)]);
  const rest = meant.filter(([, near]) => near === null).map(([k]) => named(k));
  return [
    ...meant.flatMap(
      ([k, near]) => near === null ? [] : [`${named(k)}: unknown key; did you mean ${near}?`]
    ),
    ...rest.length > 0 ? [`${rest.join(", ")}: unknown key${rest.length > 1 ? "s" : ""}`] : []
  ];
}
function meantValue(input, issues) {
  if (typeof input !== "string") return "";
  return didYouMean(input, expectedStrings(issues));
}
function expectedStrings(issues) {
  return issues.flatMap((i) => i.code === "invalid_value" ? i.values : []).filter((v) => typeof v === "string");
}
function formatUnion(union2, at, path, schema) {
  const { errors: branches, message } = union2;
  const depth = (branch) => Math.max(0, ...branch.map((i) => i.path.length));
  const furthest = branches.reduce((best, b) => depth(b) > depth(best) ? b : best);
  if (depth(furthest) > 0) return furthest.flatMap((issue2) => formatIssue(issue2, at, schema));
  const roots = branches.flat();
  if (!roots.every((i) => expectation(i).length > 0)) {
    return [`${path}: ${message}: ${[...new Set(roots.map((i) => i.message))].join("; or ")}`];
  }
  const expected = [...new Set(roots.flatMap(expectation))];
  const received = roots.map((i) => /, (received \w+)$/.exec(i.message)?.[1]).find((r) => r !== void 0);
  const hint = meantValue(union2.input, roots);
  return [
    `${path}: ${message}: expected ${expected.join(", or ")}${received ? `, ${received}` : ""}${hint}`
  ];
}
function expectation(issue2) {
  if (issue2.code === "invalid_value") {
    const values = issue2.values.map((v) => JSON.stringify(v));
    return [values.length === 1 ? values[0] ?? "" : `one of ${values.join("|")}`];
  }
  if (issue2.code === "invalid_type") {
    return [`${/^[aeiou]/.test(issue2.expected) ? "an" : "a"} ${issue2.expected}`];
  }
  return [];
}
function formatPath(path) {
  let out = "";
  for (const part of path) {
    if (typeof part === "number") out += `[${part}]`;
    else out += out === "" ? String(part) : `.${String(part)}`;
  }
  return out;
}

// src/core/plan-meta.ts
var planStatusSchema = _enum(["active", "invalidated"]);
var planInfoSchema = object({
  spec_rel: string2().min(1),
  spec_id: string2().min(1),
  status: planStatusSchema.default("active"),
  created_at_utc: string2().min(1),
  invalidated_at_utc: string2().nullable().default(null),
  invalidation_reason: string2().nullable().default(null),
  attempt: number2().int().min(1).default(1)
});
var SpecPathError = class extends Error {
  name = "SpecPathError";
};
function normalizeHome(ralphHome) {
  const home = ralphHome.replace(/\\/g, "/").replace(/^(\.\/)+/, "").replace(/\/+$/, "");
  if (home === "" || home === ".") return ".";
  return home;
}
function join(home, rest) {
  return home === "." ? rest : `${home}/${rest}`;
}
function homePaths(ralphHome) {
  const home = normalizeHome(ralphHome);
  const specsDir = join(home, "specs");
  return {
    home,
    specsDir,
    plansDir: `${specsDir}/plans`,
    doneDir: `${specsDir}/done`,
    candidatesDir: `${specsDir}/candidates`,
    localDir: join(home, "local"),
    runsDir: join(home, "runs"),
    progress: join(home, "progress.md"),
    codebaseMap: join(home, "codebase_map.md")
  };
}
function checkSpecRel(rel) {
  const r = rel.replace(/\\/g, "/");
  const parts = r.split("/");
  if (r === "" || r.startsWith("/") || /^[a-zA-Z]:/.test(r)) {
    throw new SpecPathError(`spec path must be relative to specs/: "${rel}"`);
  }
  if (parts.some((p) => p === "" || p === "." || p === "..")) {
    throw new SpecPathError(`spec path has an empty, "." or ".." segment: "${rel}"`);
  }
  if (["plans", "done", "candidates", "sessions"].includes(parts[0]) && parts.length > 1) {
    throw new SpecPathError(`spec path is inside a folder Ralph manages: "${rel}"`);
  }
  return r;
}
function withoutMd(rel) {
  return rel.endsWith(".md") ? rel.slice(0, -3) : rel;
}
function specPaths(ralphHome, rel) {
  const h = homePaths(ralphHome);
  const r = checkSpecRel(rel);
  const stem = withoutMd(r);
  return {
    spec: `${h.specsDir}/${r}`,
    plan: `${h.plansDir}/${stem}.md`,
    planMeta: `${h.plansDir}/${stem}.json`,
    prd: `${h.plansDir}/${stem}.prd.json`,
    verdicts: `${h.plansDir}/${stem}.stories.json`,
    research: `${h.plansDir}/${stem}.research.json`,
    decisions: `${h.plansDir}/${stem}.decisions.json`,
    consensus: `${h.plansDir}/${stem}.consensus.json`,
    archive: (attempt) => {
      if (!Number.isInteger(attempt) || attempt < 1) {
        throw new SpecPathError(`archive attempt must be a positive integer, got ${attempt}`);
      }
      return `${h.plansDir}/${stem}.attempt-${attempt}.md`;
    },
    done: `${h.doneDir}/${r}`,
    candidate: `${h.candidatesDir}/${stem}.json`,
    progress: h.progress,
    codebaseMap: h.codebaseMap
  };
}

// src/core/links.ts
function blobUrl(repoWebUrl, branch, path) {
  const segments = (text) => text.split("/").filter((s) => s !== "").map(encodeURIComponent).join("/");
  return `${repoWebUrl.replace(/\/+$/, "")}/blob/${segments(branch)}/${segments(path)}`;
}
function webUrlFromApiUrl(apiUrl) {
  const base = apiUrl.replace(/\/+$/, "");
  if (/^https:\/\/api\.github\.com$/i.test(base)) return "https://github.com";
  return base.replace(/\/api\/v3$/i, "");
}
function prdFileUrl(repoWebUrl, ralphHome, state) {
  if (state.branch === null || state.specId === null) return null;
  try {
    return blobUrl(repoWebUrl, state.branch, specPaths(ralphHome, `${state.specId}.md`).prd);
  } catch {
    return null;
  }
}

// src/github/client.ts
function repoWebUrlOf(gh) {
  if (gh.repoWebUrl !== void 0) return gh.repoWebUrl.replace(/\/+$/, "");
  const request = gh.client.request;
  const baseUrl = request.endpoint?.DEFAULTS?.baseUrl;
  const server = webUrlFromApiUrl(typeof baseUrl === "string" ? baseUrl : "https://api.github.com");
  return `${server}/${gh.owner}/${gh.repo}`;
}
function repoParams(gh) {
  return { owner: gh.owner, repo: gh.repo };
}
function httpStatus(error2) {
  if (typeof error2 === "object" && error2 !== null && "status" in error2) {
    const status = error2.status;
    return typeof status === "number" ? status : null;
  }
  return null;
}
function isNotFound(error2) {
  return httpStatus(error2) === 404;
}
var PER_PAGE = 100;
var ListingBoundError = class extends Error {
  constructor(route3, pages, items) {
    super(`${route3} has more than ${pages} pages of ${PER_PAGE}; stopped after ${items.length}`);
    this.route = route3;
    this.pages = pages;
    this.items = items;
  }
  route;
  pages;
  items;
  name = "ListingBoundError";
};
function hasNextPage(res, items) {
  const link = res.headers?.link;
  if (typeof link === "string") return /rel="next"/.test(link);
  return items.length >= PER_PAGE;
}
async function paginate(gh, route3, params = {}, maxPages = 50) {
  const out = [];
  for (let page2 = 1; ; page2++) {
    const res = await gh.client.request(route3, {
      ...repoParams(gh),
      ...params,
      per_page: PER_PAGE,
      page: page2
    });
    const items = pageItems(res.data);
    out.push(...items);
    if (!hasNextPage(res, items)) return out;
    if (page2 >= maxPages) throw new ListingBoundError(route3, maxPages, out);
  }
}
function pageItems(data) {
  if (Array.isArray(data)) return data;
  if (typeof data === "object" && data !== null) {
    for (const key of ["workflow_runs", "repositories", "installations", "items"]) {
      const value = data[key];
      if (Array.isArray(value)) return value;
    }
  }
  return [];
}
function isBotUser(user) {
  if (!user) return true;
  return user.type === "Bot" || user.login.endsWith("[bot]");
}

// src/core/counted.ts
function counted(n, one, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
}
function thousands(n) {
  const digits = String(Math.abs(Math.trunc(n)));
  const grouped = digits.replace(/\B(?=(\d{3})+$)/g, ",");
  return n < 0 && Math.trunc(n) !== 0 ? `-${grouped}` : grouped;
}

// src/core/prd.ts
import { createHash } from "node:crypto";

// src/core/canonical-json.ts
function canonicalJson(value) {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) {
    let out2 = "[";
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out2 += ",";
      out2 += canonicalJson(value[i]) ?? "";
    }
    return `${out2}]`;
  }
  const record2 = value;
  let out = "{";
  for (const key of Object.keys(record2).sort()) {
    const member = record2[key];
    if (member === void 0) continue;
    if (out.length > 1) out += ",";
    out += `${JSON.stringify(key)}:${canonicalJson(member)}`;
  }
  return `${out}}`;
}
var isEnumerable = Object.prototype.propertyIsEnumerable;
function definedKeys(record2) {
  return Object.keys(record2).filter((key) => record2[key] !== void 0);
}
function sameJson(a, b) {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") {
    return canonicalJson(a) === canonicalJson(b);
  }
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) {
      return canonicalJson(a) === canonicalJson(b);
    }
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false;
    return true;
  }
  const left = a;
  const right = b;
  const keys = definedKeys(left);
  if (keys.length !== definedKeys(right).length) return false;
  return keys.every(
    (key) => isEnumerable.call(right, key) && right[key] !== void 0 && sameJson(left[key], right[key])
  );
}
function sameJsonBesides(a, b, key) {
  return sameJson({ ...a, [key]: void 0 }, { ...b, [key]: void 0 });
}

// src/core/prd.ts
var userStorySchema = strictObject({
  id: string2().min(1),
  title: string2().min(1),
  // A blank criterion (`" "`) is no criterion: a verifier could not be held to it.
  acceptanceCriteria: array(string2().refine((c) => c.trim() !== "", { message: "must not be blank" })).min(1),
  priority: number2().int().min(1),
  passes: boolean2(),
  notes: string2(),
  /**
   * Seed 002 parallel group (optional): stories of one group do not depend on each other, and
   * those whose `files` are disjoint may run at the same time (`parallel.max`).
   */
  group: number2().int().min(1).optional(),
  /** The files (or globs, or directories ending in `/`) the story will change. */
  files: array(string2().min(1)).optional()
});
var prdSchema = strictObject({
  branchName: string2().min(1),
  userStories: array(userStorySchema).min(1)
}).superRefine((prd, ctx) => {
  const seen = /* @__PURE__ */ new Set();
  prd.userStories.forEach((story, index) => {
    if (seen.has(story.id)) {
      ctx.addIssue({
        code: "custom",
        path: ["userStories", index, "id"],
        message: `duplicate story id '${story.id}'`
      });
    }
    seen.add(story.id);
  });
});
var uncertaintySchema = strictObject({
  topic: string2(),
  reason: string2(),
  evidenceMissing: string2()
});
var plannerEnvelopeSchema = strictObject({
  questions: array(string2().min(1)),
  uncertainties: array(uncertaintySchema),
  prdDraft: unknown().nullable(),
  recommendUnderstand: strictObject({
    shouldRun: boolean2(),
    reasons: array(string2())
  })
});
function validatePrd(raw) {
  const result = prdSchema.safeParse(raw);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, errors: formatZodIssues(result.error) };
}
function prdRevision(prd, planText) {
  const normalized = {
    ...prd,
    userStories: prd.userStories.map((s) => ({ ...s, passes: false }))
  };
  return createHash("sha256").update(canonicalJson(normalized)).update("\n").update(planText.replace(/\r\n/g, "\n").trimEnd()).digest("hex");
}
function storiesInOrder(prd) {
  return prd.userStories.map((story, index) => ({ story, index })).sort((a, b) => a.story.priority - b.story.priority || a.index - b.index).map(({ story }) => story);
}

// src/core/followup.ts
var FOLLOWUP_SOURCES = ["review", "fix", "ci", "conflict"];
var followUpSourceSchema = _enum(FOLLOWUP_SOURCES);
var reviewThreadSchema = strictObject({
  id: number2().int().min(1),
  path: string2(),
  /** The line in the file the comment sits on; null for a comment on the whole file. */
  line: number2().int().min(1).nullable(),
  author: string2(),
  /** Every human comment of the thread Ralph read, oldest first, as one text. */
  text: string2(),
  url: string2().nullable().default(null)
});
var ciFailureSchema = strictObject({
  check: string2(),
  conclusion: string2(),
  logTail: string2(),
  url: string2().nullable().default(null)
});
var followUpFeedbackSchema = strictObject({
  /** Free text: a review's body, the words after `/ralph fix`. */
  text: array(string2()).default([]),
  threads: array(reviewThreadSchema).default([]),
  ciFailures: array(ciFailureSchema).default([]),
  /** Files left conflicted by a merge of the default branch. */
  conflicts: array(string2()).default([])
});
var nonBlank = string2().refine((c) => c.trim() !== "", { message: "must not be blank" });
var followUpDraftSchema = strictObject({
  title: nonBlank,
  acceptanceCriteria: array(nonBlank).min(1),
  notes: string2().default(""),
  /** Review threads it answers (none for Ralph's own). */
  threads: array(number2().int().min(1)).default([])
});
var FOLLOWUP_ID = /^FU-(\d+)$/;
var FOLLOWUP_STORIES_MAX = 20;
var FOLLOWUP_ANSWERS_MAX = 60;
var amendStorySchema = strictObject({
  id: string2().regex(FOLLOWUP_ID, 'must be "FU-<n>"'),
  title: nonBlank,
  acceptanceCriteria: array(nonBlank).min(1),
  notes: string2(),
  /** Ids of the review threads this story answers; [] when it answers free text only. */
  answers: array(number2().int().min(1))
});
var amendEnvelopeSchema = strictObject({
  followUps: array(amendStorySchema).min(1).max(FOLLOWUP_STORIES_MAX),
  /** What changes in the plan: appended to the plan file under the round's heading. */
  planAddendum: string2()
});
var FEEDBACK_TEXT_MAX = 2e3;
var FEEDBACK_THREADS_MAX = 30;
var FEEDBACK_TEXTS_MAX = 20;
var FEEDBACK_CI_FAILURES_MAX = 10;
var FEEDBACK_CONFLICTS_MAX = 100;
var FEEDBACK_BUDGET_BYTES = 16e3;
function cut(text, max) {
  const t = text.trim();
  return t.length <= max ? t : `${t.slice(0, max - 1)}\u2026`;
}
function bytes(value) {
  return new TextEncoder().encode(JSON.stringify(value)).length;
}
function boundFeedback(input) {
  const f = followUpFeedbackSchema.parse(input);
  let max = FEEDBACK_TEXT_MAX;
  const shape = () => ({
    text: f.text.map((t) => cut(t, max)).filter((t) => t !== "").slice(-FEEDBACK_TEXTS_MAX),
    threads: f.threads.slice(0, FEEDBACK_THREADS_MAX).map((t) => ({
      ...t,
      path: cut(t.path, 300),
      author: cut(t.author, 100),
      text: cut(t.text, max),
      url: t.url === null ? null : cut(t.url, 300)
    })),
    ciFailures: f.ciFailures.slice(-FEEDBACK_CI_FAILURES_MAX).map((c) => ({
      check: cut(c.check, 200),
      conclusion: cut(c.conclusion, 40),
      logTail: cut(c.logTail, max),
      url: c.url === null ? null : cut(c.url, 300)
    })),
    conflicts: f.conflicts.slice(0, FEEDBACK_CONFLICTS_MAX).map((p) => cut(p, 300))
  });
  let out = shape();
  while (bytes(out) > FEEDBACK_BUDGET_BYTES && max > 100) {
    max = Math.floor(max / 2);
    out = shape();
  }
  return out;
}
function mergeFeedback(a, b) {
  const threads = [...a.threads];
  for (const t of b.threads) if (!threads.some((x) => x.id === t.id)) threads.push(t);
  return boundFeedback({
    text: [...a.text, ...b.text],
    threads,
    ciFailures: [...a.ciFailures, ...b.ciFailures],
    conflicts: [.../* @__PURE__ */ new Set([...a.conflicts, ...b.conflicts])]
  });
}
var feedbackFileSchema = strictObject({
  version: literal(1),
  round: number2().int().min(1),
  source: followUpSourceSchema,
  requestedBy: string2().nullable(),
  text: array(string2()),
  threads: array(reviewThreadSchema),
  ciFailures: array(ciFailureSchema),
  conflicts: array(string2()),
  /** FU story id → the thread ids it answers ({} before the amendment). */
  stories: record(string2().regex(FOLLOWUP_ID), array(number2().int().min(1)))
});
var followUpRequestSchema = strictObject({
  source: followUpSourceSchema,
  /** The write user who asked; null for a round Ralph forms itself. */
  by: string2().nullable(),
  feedback: followUpFeedbackSchema,
  drafts: array(followUpDraftSchema).default([]),
  /** Whose review to ask for again when the round is done. */
  reviewers: array(string2()).default([]),
  /** When it was asked (ISO), when known: the next `/ralph fix` reads inline comments from here. */
  at: string2().nullable().default(null)
});
var followUpRoundSchema = followUpRequestSchema.extend({
  number: number2().int().min(1),
  /** The FU stories of this round with the thread ids each answers ([] before the amendment). */
  stories: array(strictObject({ id: string2(), threads: array(number2().int()) })).default([])
});
var followUpStateSchema = strictObject({
  /** Rounds started on this pull request, every source (limits.max_followups). */
  rounds: number2().int().min(0),
  current: followUpRoundSchema.nullable().default(null),
  queued: array(followUpRequestSchema).max(5).default([]),
  /** Requests already taken (a review, a comment, a check run): the same one twice starts one round. */
  triggers: array(string2()).max(40).default([]),
  /** Where the next `/ralph fix` starts reading the pull request's inline comments (ISO). */
  since: string2().nullable().default(null)
});

// src/core/command-table.ts
var COMMAND_TABLE = {
  plan: {
    access: "write",
    usage: "`/ralph plan [notes]`",
    effect: "start or restart planning (notes go to the planner)"
  },
  approve: {
    access: "write",
    alias: "approve",
    usage: "`/approve [spec-id]`, `/ralph approve`",
    effect: "approve the current PRD revision"
  },
  revise: {
    access: "write",
    alias: "reject",
    usage: "`/ralph revise <feedback>`",
    effect: "back to the planner with feedback (alias `/reject`)"
  },
  fix: {
    access: "write",
    usage: "`/ralph fix <what to change>`",
    effect: "on finished work: a follow-up round on the same pull request (inline review comments since the last round included)"
  },
  update: {
    access: "write",
    usage: "`/ralph update`",
    effect: "on finished work: merge the default branch into Ralph's branch (a merge commit), re-verify, and resolve conflicts in a follow-up round"
  },
  skip: {
    access: "write",
    usage: "`/ralph skip`",
    effect: 'answer open questions with "use your best judgment"'
  },
  run: {
    access: "write",
    usage: "`/ralph run`",
    effect: "pass the run gate, or resume after stop / failure (resets the circuit breaker)"
  },
  stop: {
    access: "write",
    usage: "`/ralph stop`",
    effect: "stop after the current agent step; cancel queued work"
  },
  replan: {
    access: "write",
    usage: "`/ralph replan <reason>`",
    effect: "invalidate the active plan by hand"
  },
  understand: {
    access: "write",
    usage: "`/ralph understand`",
    effect: "refresh the codebase map"
  },
  status: { access: "read", usage: "`/ralph status`", effect: "re-render the status comment" },
  help: { access: "read", usage: "`/ralph help`", effect: "list commands" }
};
var COMMAND_NAMES = Object.keys(COMMAND_TABLE);
function commandAccess(name) {
  return name === "unknown" ? "read" : COMMAND_TABLE[name].access;
}
function commandHelpRows() {
  return Object.values(COMMAND_TABLE).map(
    (spec) => `| ${spec.usage} | ${spec.effect} |`
  );
}

// src/core/commands.ts
var FENCE_OPEN = /^([ \t]*)(`{3,}|~{3,})(.*)$/s;
var FENCE_CLOSE = /^[ \t]*(`{3,}|~{3,})[ \t]*$/;
function parseFenceOpen(line) {
  const m = FENCE_OPEN.exec(stripLineEnding(line));
  if (!m) return null;
  const indent = m[1] ?? "";
  const run2 = m[2] ?? "";
  const rest = m[3] ?? "";
  const char = run2[0] === "~" ? "~" : "`";
  if (char === "`" && rest.includes("`")) return null;
  return { char, length: run2.length, indent, info: rest.trim(), line: stripLineEnding(line) };
}
function closesFence(line, fence) {
  const m = FENCE_CLOSE.exec(stripLineEnding(line));
  const run2 = m?.[1];
  return run2 !== void 0 && run2[0] === fence.char && run2.length >= fence.length;
}
function stripLineEnding(line) {
  return line.replace(/\r?\n$/, "").replace(/\r$/, "");
}
function maskCodeSpans(line) {
  let out = "";
  let i = 0;
  while (i < line.length) {
    if (line[i] !== "`") {
      out += line[i];
      i++;
      continue;
    }
    let n = 0;
    while (line[i + n] === "`") n++;
    const run2 = "`".repeat(n);
    let close = line.indexOf(run2, i + n);
    while (close !== -1 && line[close + n] === "`") {
      let m = close;
      while (line[m] === "`") m++;
      close = line.indexOf(run2, m);
    }
    if (close === -1) {
      out += run2;
      i += n;
      continue;
    }
    out += run2 + " ".repeat(close - i - n) + run2;
    i = close + n;
  }
  return out;
}
var LINE_BREAK = /\r?\n|\r/;
function scanLines(text) {
  const lines = [];
  let fence = null;
  let inComment = false;
  let quoteParagraph = false;
  for (const line of text.split(LINE_BREAK)) {
    if (fence) {
      if (closesFence(line, fence)) fence = null;
      lines.push({ text: line, kind: "fence", visibleText: "" });
      continue;
    }
    if (inComment) {
      const after = skipComment(line);
      inComment = after.inComment;
      quoteParagraph = false;
      lines.push({ text: line, kind: "comment", visibleText: "" });
      continue;
    }
    const opened = parseFenceOpen(line);
    if (opened) {
      fence = opened;
      quoteParagraph = false;
      lines.push({ text: line, kind: "fence", visibleText: "" });
      continue;
    }
    const stripped = removeInlineComments(line);
    inComment = stripped.inComment;
    const quote = /^ {0,3}>/.exec(line);
    if (quote) {
      const content = line.slice(quote[0].length);
      quoteParagraph = content.trim() !== "" && parseFenceOpen(content) === null && !inComment;
      lines.push({ text: line, kind: "quote", visibleText: "" });
      continue;
    }
    if (line.trim() === "") {
      quoteParagraph = false;
      lines.push({ text: line, kind: "visible", visibleText: stripped.text });
      continue;
    }
    if (quoteParagraph) {
      lines.push({ text: line, kind: "quote", visibleText: "" });
      continue;
    }
    lines.push({ text: line, kind: "visible", visibleText: stripped.text });
  }
  return { lines, openFence: fence, inComment };
}
function skipComment(line) {
  const end = line.indexOf("-->");
  if (end === -1) return { inComment: true };
  return { inComment: removeInlineComments(line.slice(end + 3)).inComment };
}
function removeInlineComments(line) {
  const masked = maskCodeSpans(line);
  let text = "";
  let i = 0;
  while (i < line.length) {
    const open2 = masked.indexOf("<!--", i);
    if (open2 === -1) {
      text += line.slice(i);
      break;
    }
    text += line.slice(i, open2);
    const end = line.indexOf("-->", open2 + 2);
    if (end === -1) return { text, inComment: true };
    i = end + 3;
  }
  return { text, inComment: false };
}
var ALIASES = new Map(
  Object.entries(COMMAND_TABLE).flatMap(
    ([name, spec]) => spec.alias === void 0 ? [] : [[spec.alias, name]]
  )
);
var VERBS = ["ralph", ...ALIASES.keys()].join("|");
var COMMAND_LINE = new RegExp(`^ {0,3}\\/(${VERBS})(?=\\s|$)(.*)$`, "i");
var COMMAND_SET = new Set(COMMAND_NAMES);
function isCommandName(word) {
  return COMMAND_SET.has(word);
}
function parseCommands(body) {
  const commands = [];
  for (const scanned of scanLines(body).lines) {
    if (scanned.kind !== "visible") continue;
    if (!COMMAND_LINE.test(scanned.text)) continue;
    const m = COMMAND_LINE.exec(scanned.visibleText);
    if (!m) continue;
    const verb = (m[1] ?? "").toLowerCase();
    const rest = (m[2] ?? "").trim();
    const line = scanned.text.trim();
    const aliased = ALIASES.get(verb);
    if (aliased !== void 0) {
      commands.push({ name: aliased, args: rest, line });
    } else if (rest === "") {
      commands.push({ name: "help", args: "", line });
    } else {
      const word = rest.split(/\s+/)[0] ?? "";
      const args = rest.slice(word.length).trim();
      const sub = word.toLowerCase();
      if (isCommandName(sub)) commands.push({ name: sub, args, line });
      else commands.push({ name: "unknown", subcommand: word, args, line });
    }
  }
  return commands;
}
var LOOSE_COMMAND_LINE = new RegExp(`^(\\s*)(\\/(?:${VERBS})(?=\\s|$))`, "i");
function neutralizeCommandLines(text) {
  const { lines } = scanLines(text);
  const pieces = text.split(/(\r?\n|\r)/);
  return pieces.map((piece, i) => {
    if (i % 2 === 1 || lines[i / 2]?.kind === "fence") return piece;
    return piece.replace(LOOSE_COMMAND_LINE, "$1\\$2");
  }).join("");
}

// src/core/split-comment.ts
var GITHUB_COMMENT_LIMIT = 65536;
var MIN_LIMIT = 64;
var MIN_STRUCTURED_ROOM = 16;
var EMPTY = { fence: null, details: [] };
var TAGS = /<details\b[^<>]*>|<\/details\s*>|<summary\b[^<>]*>.{0,1000}?<\/summary\s*>/gi;
function advance(state, line) {
  if (state.fence) return closesFence(line, state.fence) ? { ...state, fence: null } : state;
  const fence = parseFenceOpen(line);
  if (fence) return { ...state, fence };
  const masked = maskCodeSpans(line.replace(/\r?\n$/, ""));
  const details = state.details.map((d) => ({ ...d }));
  let openedHere = false;
  for (const m of masked.matchAll(TAGS)) {
    const tag = m[0];
    const top2 = details[details.length - 1];
    if (/^<details/i.test(tag)) {
      details.push({ tag, summary: null, awaitingSummary: true });
      openedHere = true;
    } else if (/^<\/details/i.test(tag)) {
      details.pop();
    } else if (top2?.awaitingSummary) {
      top2.summary = line.slice(m.index, m.index + tag.length);
      top2.awaitingSummary = false;
    }
  }
  const top = details[details.length - 1];
  const rest = masked.replace(TAGS, "").trim();
  if (top?.awaitingSummary && rest !== "" && !openedHere) top.awaitingSummary = false;
  return { fence: null, details };
}
function renderReopen(state) {
  let out = "";
  for (const d of state.details) {
    out += `${d.tag}
${d.summary === null ? "" : `${d.summary}
`}
`;
  }
  if (state.fence) out += `${state.fence.line}
`;
  return out;
}
function renderClose(state, atLineStart) {
  if (!state.fence && state.details.length === 0) return "";
  let out = atLineStart ? "" : "\n";
  if (state.fence) out += `${state.fence.indent}${state.fence.char.repeat(state.fence.length)}
`;
  out += "</details>\n".repeat(state.details.length);
  return out;
}
function splitLines(body) {
  return body.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}
function isHighSurrogate(code3) {
  return code3 >= 55296 && code3 <= 56319;
}
function hardCut(piece, room) {
  let cut2 = Math.min(room, piece.length);
  const space = piece.lastIndexOf(" ", cut2 - 1);
  if (space >= 0 && space + 1 >= cut2 * 0.8) cut2 = space + 1;
  if (cut2 < piece.length && isHighSurrogate(piece.charCodeAt(cut2 - 1))) cut2--;
  if (cut2 <= 0) cut2 = isHighSurrogate(piece.charCodeAt(0)) ? Math.min(2, piece.length) : 1;
  return cut2;
}
function header(index, total) {
  return `(part ${index}/${total})

`;
}
function cutParts(body, limit, headerRoom) {
  const lines = splitLines(body);
  const parts = [];
  let li = 0;
  let offset = 0;
  let state = EMPTY;
  while (li < lines.length) {
    let reopen = renderReopen(state);
    const budget = limit - headerRoom - reopen.length;
    let content = "";
    let st = state;
    while (li < lines.length) {
      const line = lines[li] ?? "";
      const piece = line.slice(offset);
      const next = advance(st, line);
      const close2 = renderClose(next, piece.endsWith("\n"));
      if (content.length + piece.length + close2.length > budget) break;
      content += piece;
      st = next;
      li++;
      offset = 0;
    }
    let close = renderClose(st, content === "" || content.endsWith("\n"));
    if (content === "") {
      const line = lines[li] ?? "";
      const piece = line.slice(offset);
      close = renderClose(state, false);
      let room = budget - close.length;
      if (room < MIN_STRUCTURED_ROOM) room = limit - headerRoom;
      const take = hardCut(piece, Math.min(room, Math.max(piece.length - 1, 1)));
      content = piece.slice(0, take);
      if (take >= piece.length) {
        st = advance(state, line);
        li++;
        offset = 0;
        close = renderClose(st, content.endsWith("\n"));
      } else {
        offset += take;
      }
      if (headerRoom + reopen.length + content.length + close.length > limit) {
        reopen = "";
        close = "";
      }
    }
    parts.push({ reopen, content, close });
    state = st;
  }
  const last2 = parts[parts.length - 1];
  if (last2) last2.close = "";
  return parts;
}
function splitCommentParts(body, limit = GITHUB_COMMENT_LIMIT) {
  if (body.length <= limit) return [{ header: "", reopen: "", content: body, close: "" }];
  if (limit < MIN_LIMIT) throw new RangeError(`comment limit ${limit} is below ${MIN_LIMIT}`);
  for (let digits = 1; ; digits++) {
    const widest = 10 ** digits - 1;
    const parts = cutParts(body, limit, header(widest, widest).length);
    if (String(parts.length).length <= digits) {
      return parts.map((p, i) => ({ header: header(i + 1, parts.length), ...p }));
    }
  }
}
function splitComment(body, limit = GITHUB_COMMENT_LIMIT) {
  return splitCommentParts(body, limit).map((p) => p.header + p.reopen + p.content + p.close);
}

// src/core/redact-secrets.ts
var TOKEN_SHAPES = [
  /\bgh[pousr]_[A-Za-z0-9]{30,255}\b/g,
  /\bgithub_pat_[A-Za-z0-9_]{20,255}\b/g,
  /\bsk-ant-[A-Za-z0-9_-]{16,}/g,
  // OpenAI-style keys; a digit is required so ordinary kebab-case words survive.
  /\bsk-(?=[A-Za-z0-9_-]*\d)[A-Za-z0-9_-]{20,}/g
];
var MIN_LOOSE_SECRET = 8;
function secretForms(secret) {
  const forms = /* @__PURE__ */ new Set();
  if (secret.length >= 4) forms.add(secret);
  for (const line of secret.split(/\r?\n/)) {
    if (line.trim().length >= 4 && line !== secret) forms.add(line.trim());
  }
  if (secret.length >= MIN_LOOSE_SECRET) {
    const bytes2 = Buffer.from(secret, "utf8");
    for (const offset of [0, 1, 2]) {
      const encoded = Buffer.concat([Buffer.alloc(offset), bytes2]).toString("base64");
      const start = offset === 0 ? 0 : offset + 1;
      const stable = encoded.slice(start, Math.floor((offset + bytes2.length) / 3) * 4);
      forms.add(stable);
      forms.add(stable.replace(/\+/g, "-").replace(/\//g, "_"));
    }
  }
  return [...forms];
}
var needleCache = /* @__PURE__ */ new Map();
var NEEDLE_CACHE_SIZE = 8;
var last = null;
function needlesFor(secrets) {
  if (last !== null && sameList(last.secrets, secrets)) return last.needles;
  const needles = needlesOf(secrets);
  last = { secrets: [...secrets], needles };
  return needles;
}
function sameList(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
function needlesOf(secrets) {
  const key = JSON.stringify(secrets);
  const known = needleCache.get(key);
  if (known !== void 0) return known;
  const forms = /* @__PURE__ */ new Set();
  for (const secret of secrets) for (const form of secretForms(secret)) forms.add(form);
  const exact = [...forms].sort((a, b) => b.length - a.length);
  const loose = exact.map((f) => f.replace(/\s+/g, "")).filter((f) => f.length >= MIN_LOOSE_SECRET);
  const needles = { exact, loose };
  if (needleCache.size >= NEEDLE_CACHE_SIZE) needleCache.clear();
  needleCache.set(key, needles);
  return needles;
}
function redactSecrets(text, secrets) {
  const { exact, loose } = needlesFor(secrets);
  let out = text;
  for (const form of exact) if (out.includes(form)) out = out.split(form).join("***");
  if (loose.length > 0) out = redactIgnoringWhitespace(out, loose);
  for (const shape of TOKEN_SHAPES) out = out.replace(shape, "***");
  return out;
}
var WHITESPACE = /\s/;
var ALL_WHITESPACE = /\s+/g;
function redactIgnoringWhitespace(text, needles) {
  const spaced = WHITESPACE.test(text);
  const compact = spaced ? text.replace(ALL_WHITESPACE, "") : text;
  if (!needles.some((needle) => compact.includes(needle))) return text;
  const positions = spaced ? new Uint32Array(compact.length) : null;
  if (positions !== null) {
    let count = 0;
    for (let i = 0; i < text.length; i++)
      if (!WHITESPACE.test(text[i])) positions[count++] = i;
  }
  const at = (i) => positions === null ? i : positions[i];
  const spans = [];
  for (const needle of needles) {
    for (let hit = compact.indexOf(needle); hit !== -1; hit = compact.indexOf(needle, hit + 1)) {
      spans.push([at(hit), at(hit + needle.length - 1) + 1]);
    }
  }
  spans.sort((a, b) => a[0] - b[0]);
  let out = "";
  let cursor = 0;
  for (const [from, to] of spans) {
    if (to <= cursor) continue;
    out += text.slice(cursor, Math.max(cursor, from));
    if (from >= cursor) out += "***";
    cursor = to;
  }
  return out + text.slice(cursor);
}

// src/core/sanitize.ts
function normalizeNewlines(text) {
  return text.replace(/\r\n?/g, "\n");
}
var INVISIBLE = new RegExp(
  [
    "[\\u200B-\\u200F\\u202A-\\u202E\\u2060-\\u2064\\u2066-\\u2069\\uFEFF\\u00AD]",
    "[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F]",
    "[\\u{E0000}-\\u{E007F}]",
    "[\\u{E0100}-\\u{E01EF}]"
  ].join("|"),
  "gu"
);
function stripInvisibleCharacters(text) {
  return text.replace(INVISIBLE, "");
}
function stripHtmlComments(text) {
  return text.replace(/<!--[\s\S]*?(?:-->|$)/g, "");
}
function stripImageAltText(text) {
  return text.replace(/!\[[^[\]\n]*\](?=[([])/g, "![]");
}
function stripLinkTitles(text) {
  const inline = text.replace(
    /(\]\(\s*(?:<[^<>\n]*>|[^\s()]+))\s+(?:"[^"]{0,1000}"|'[^']{0,1000}'|\([^()]{0,1000}\))\s*\)/g,
    "$1)"
  );
  return inline.replace(
    /^( {0,3}\[[^[\]\n]+\]:[ \t]*(?:<[^<>\n]*>|\S+))(?:[ \t]+|[ \t]*\n[ \t]*)(?:"[^"]{0,1000}"|'[^']{0,1000}'|\([^()]{0,1000}\))[ \t]*$/gm,
    "$1"
  );
}
var TAG = /<([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'<>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*(\/?)>/g;
var VOID_ELEMENTS = /* @__PURE__ */ new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "source",
  "track",
  "wbr"
]);
var NEVER_SHOWN = /* @__PURE__ */ new Set(["script", "style", "template", "noscript"]);
var ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
function parseAttributes(source) {
  const attributes = /* @__PURE__ */ new Map();
  for (const m of source.matchAll(ATTRIBUTE)) {
    const name = (m[1] ?? "").toLowerCase();
    if (!attributes.has(name)) attributes.set(name, m[2] ?? m[3] ?? m[4] ?? "");
  }
  return attributes;
}
function isHiddenElement(tagName, attributeSource) {
  if (NEVER_SHOWN.has(tagName.toLowerCase())) return true;
  const attributes = parseAttributes(attributeSource);
  if (attributes.has("hidden")) return true;
  const ariaHidden = attributes.get("aria-hidden");
  if (ariaHidden !== void 0 && ariaHidden.toLowerCase() !== "false") return true;
  const css = (attributes.get("style") ?? "").toLowerCase().replace(/\s+/g, "");
  return /(?:^|;)(?:display:none|visibility:hidden|opacity:0(?:\.0*)?(?![.\d])|font-size:0(?![.\d]))/.test(
    css
  );
}
function stripHiddenElements(text) {
  let out = text;
  let from = 0;
  for (; ; ) {
    TAG.lastIndex = from;
    let m = TAG.exec(out);
    while (m && !isHiddenElement(m[1] ?? "", m[2] ?? "")) m = TAG.exec(out);
    if (!m) return out;
    const name = (m[1] ?? "").toLowerCase();
    const start = m.index;
    const openEnd = start + m[0].length;
    const end = m[3] === "/" || VOID_ELEMENTS.has(name) ? openEnd : matchingCloseEnd(out, name, openEnd);
    out = out.slice(0, start) + out.slice(end);
    from = start;
  }
}
function matchingCloseEnd(text, name, from) {
  const re = new RegExp(`<(/?)${name}\\b[^<>]*>`, "gi");
  re.lastIndex = from;
  let depth = 1;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m[1] === "/") depth--;
    else if (!m[0].endsWith("/>")) depth++;
    if (depth === 0) return m.index + m[0].length;
  }
  return text.length;
}
function stripHiddenAttributes(text) {
  return text.replace(
    TAG,
    (tag) => tag.replace(
      /\s+(?:alt|title|aria-label|aria-description|placeholder|data-[a-z0-9-]+)(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?/gi,
      ""
    )
  );
}
var MAX_ROUNDS = 8;
function sanitizeUntrusted(text) {
  let out = stripInvisibleCharacters(normalizeNewlines(text));
  for (let round = 1; ; round++) {
    const next = stripLinkTitles(
      stripImageAltText(stripHiddenAttributes(stripHiddenElements(stripHtmlComments(out))))
    );
    if (next === out) return out;
    if (round === MAX_ROUNDS) return next.replaceAll("<", "&lt;");
    out = next;
  }
}
function neutralizeVerdictLines(text) {
  return text.replace(/RALPH_VERDICT(\s*):/g, "RALPH_VERDICT$1\\:").replace(/^(\s*)PLAN_INVALIDATION(\s*):/gm, "$1PLAN_INVALIDATION$2\\:");
}
function truncate(text, max, ellipsis = "\u2026") {
  if (text.length <= max) return text;
  let cut2 = Math.max(0, max - ellipsis.length);
  const code3 = text.charCodeAt(cut2 - 1);
  if (code3 >= 55296 && code3 <= 56319) cut2--;
  return text.slice(0, cut2) + ellipsis;
}
function escapeCommentOpeners(text) {
  return text.replace(/<!--/g, "<\\!--");
}
function agentMarkdown(text, maxLength = 2e4) {
  let out = truncate(normalizeNewlines(text).trimEnd(), maxLength);
  out = stripInvisibleCharacters(out);
  out = escapeCommentOpeners(out);
  out = neutralizeVerdictLines(out);
  out = neutralizeCommandLines(out);
  const { openFence } = scanLines(out);
  if (openFence) out += `
${openFence.indent}${openFence.char.repeat(openFence.length)}`;
  return out;
}
function agentInline(text, maxLength = 300) {
  const oneLine2 = stripInvisibleCharacters(normalizeNewlines(text)).replace(/\s+/g, " ").trim();
  return neutralizeVerdictLines(escapeCommentOpeners(truncate(oneLine2, maxLength)));
}
function agentTableCell(text, maxLength = 300) {
  return agentInline(text, maxLength).replace(/\\?\|/g, "\\|");
}

// src/github/reply-keys.ts
import { createHash as createHash2 } from "node:crypto";

// src/github/actions.ts
var defaultBranchCache = /* @__PURE__ */ new Map();
async function getDefaultBranch(gh) {
  if (gh.defaultBranch !== void 0) return gh.defaultBranch;
  const key = `${gh.owner}/${gh.repo}`;
  const cached2 = defaultBranchCache.get(key);
  if (cached2 !== void 0) return cached2;
  const res = await gh.client.request("GET /repos/{owner}/{repo}", repoParams(gh));
  const branch = res.data.default_branch;
  defaultBranchCache.set(key, branch);
  return branch;
}
async function dispatchWorkflow(gh, workflow, issue2, step, ref) {
  await gh.client.request("POST /repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches", {
    ...repoParams(gh),
    workflow_id: workflow,
    ref: ref ?? await getDefaultBranch(gh),
    inputs: { issue: String(issue2), phase: step }
  });
}
var ACTIVE_RUN_STATUSES = ["in_progress", "queued", "requested", "waiting", "pending"];
function runIssueNumber(run2) {
  const match = /#(\d+)\b/.exec(run2.display_title ?? "");
  return match?.[1] === void 0 ? null : Number(match[1]);
}
function runIdFromUrl(url) {
  const match = /\/actions\/runs\/(\d+)/.exec(url ?? "");
  return match?.[1] === void 0 ? null : Number(match[1]);
}
function isRalphWorkflowRun(run2, workflow) {
  const path = (run2.path ?? "").split("@")[0] ?? "";
  return path === workflow || path.endsWith(`/${workflow}`);
}
async function findActiveRuns(gh, workflow, issue2) {
  const found2 = /* @__PURE__ */ new Map();
  for (const status of ACTIVE_RUN_STATUSES) {
    const runs = await paginate(
      gh,
      "GET /repos/{owner}/{repo}/actions/workflows/{workflow_id}/runs",
      { workflow_id: workflow, status }
    );
    for (const run2 of runs) if (runIssueNumber(run2) === issue2) found2.set(run2.id, run2);
  }
  return [...found2.values()].filter(
    (run2) => run2.status !== null && ACTIVE_RUN_STATUSES.includes(run2.status)
  );
}
async function getWorkflowRun(gh, runId) {
  const res = await gh.client.request("GET /repos/{owner}/{repo}/actions/runs/{run_id}", {
    ...repoParams(gh),
    run_id: runId
  });
  return res.data;
}
async function cancelWorkflowRun(gh, runId) {
  try {
    await gh.client.request("POST /repos/{owner}/{repo}/actions/runs/{run_id}/cancel", {
      ...repoParams(gh),
      run_id: runId
    });
    return true;
  } catch (error2) {
    if (httpStatus(error2) === 409) return false;
    throw error2;
  }
}
async function cancelIssueRuns(gh, workflow, issue2, runUrl) {
  const ids = /* @__PURE__ */ new Set();
  const fromState = runIdFromUrl(runUrl);
  if (fromState !== null) {
    try {
      const run2 = await getWorkflowRun(gh, fromState);
      if (run2.status !== null && ACTIVE_RUN_STATUSES.includes(run2.status)) ids.add(run2.id);
    } catch (error2) {
      if (httpStatus(error2) !== 404) throw error2;
    }
  }
  for (const run2 of await findActiveRuns(gh, workflow, issue2)) ids.add(run2.id);
  const cancelled = [];
  for (const id of ids) if (await cancelWorkflowRun(gh, id)) cancelled.push(id);
  return cancelled;
}

// src/github/state-claim.ts
var CLAIM_NAMESPACE = "refs/ralph/claims";
function claimRef(issue2, statusComment, revision) {
  return `${CLAIM_NAMESPACE}/issue-${issue2}/status-${statusComment}/rev-${revision}`;
}
function firstClaimRef(issue2, latestHumanComment, skip2 = 0) {
  const base = `${CLAIM_NAMESPACE}/issue-${issue2}/new-after-${latestHumanComment}`;
  return skip2 === 0 ? base : `${base}-skip-${skip2}`;
}
function releasedRef(ref) {
  return `${ref}-released`;
}
var CLAIM_HOLD_MS = 6e4;
var CLAIM_GRACE_MS = 15e4;
var CLAIM_WRITE_SHARE = 0.6;
function claimsSettleMs(timing) {
  return timing.holdMs * 7;
}
function secondsFromEnv(name) {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value * 1e3 : null;
}
function claimTiming(gh) {
  const graceMs = gh.claimTiming?.graceMs ?? secondsFromEnv("RALPH_CLAIM_GRACE_SECONDS") ?? CLAIM_GRACE_MS;
  return {
    graceMs,
    pollMs: gh.claimTiming?.pollMs ?? Math.max(graceMs / 10, 10),
    holdMs: gh.claimTiming?.holdMs ?? secondsFromEnv("RALPH_CLAIM_HOLD_SECONDS") ?? CLAIM_HOLD_MS,
    now: gh.claimTiming?.now ?? Date.now,
    sleep: gh.claimTiming?.sleep ?? ((ms) => new Promise((done) => setTimeout(done, ms)))
  };
}
var targets = /* @__PURE__ */ new Map();
async function lookupTarget(gh) {
  const branch = await getDefaultBranch(gh);
  const res = await gh.client.request("GET /repos/{owner}/{repo}/git/ref/{ref}", {
    ...repoParams(gh),
    ref: `heads/${branch}`
  });
  return res.data.object.sha;
}
function claimTarget(gh) {
  if (gh.claimSha !== void 0) return Promise.resolve(gh.claimSha);
  const key = `${gh.owner}/${gh.repo}`;
  let target = targets.get(key);
  if (target === void 0) {
    target = lookupTarget(gh);
    targets.set(key, target);
    target.catch(() => targets.delete(key));
  }
  return target;
}
function errorMessage(error2) {
  const data = error2.response?.data;
  if (typeof data?.message === "string") return data.message;
  return error2 instanceof Error ? error2.message : String(error2);
}
async function claim2(gh, ref, until = null, now = Date.now) {
  let sha;
  try {
    sha = await claimTarget(gh);
  } catch (error2) {
    gh.log.warn(`state claims unavailable (no commit to point ${ref} at): ${errorMessage(error2)}`);
    return "unavailable";
  }
  const left = until === null ? null : until - now();
  if (left !== null && left <= 0) {
    throw new ClaimHoldExpiredError(`${ref}: the read it follows is too old to claim on`);
  }
  try {
    await gh.client.request("POST /repos/{owner}/{repo}/git/refs", {
      ...repoParams(gh),
      ref,
      sha,
      ...left === null ? {} : { request: { signal: AbortSignal.timeout(left) } }
    });
    return "claimed";
  } catch (error2) {
    if (isAbort(error2)) {
      throw new ClaimHoldExpiredError(`${ref}: not claimed within the hold of its read`);
    }
    const status = httpStatus(error2);
    const message = errorMessage(error2);
    if (status === 422 && /already exists/i.test(message)) return "taken";
    if (status === 422 && /object does not exist|not a valid|sha/i.test(message)) {
      targets.delete(`${gh.owner}/${gh.repo}`);
    }
    if (status !== null && status >= 500) throw error2;
    gh.log.warn(`state claims unavailable (${ref}: ${status ?? "?"} ${message})`);
    return "unavailable";
  }
}
var ClaimHoldExpiredError = class extends Error {
  name = "ClaimHoldExpiredError";
};
function isAbort(error2) {
  const name = error2.name;
  const cause = error2.cause?.name;
  return [name, cause].some((n) => n === "AbortError" || n === "TimeoutError");
}
async function releaseClaim(gh, ref, why) {
  try {
    const sha = await claimTarget(gh);
    await gh.client.request("POST /repos/{owner}/{repo}/git/refs", {
      ...repoParams(gh),
      ref: releasedRef(ref),
      sha
    });
    gh.log.info(`${ref} released: its save failed (${why}); the next writer need not wait for it`);
  } catch (error2) {
    gh.log.warn(`could not release ${ref} after a failed save: ${errorMessage(error2)}`);
  }
}
async function isReleased(gh, ref) {
  try {
    await gh.client.request("GET /repos/{owner}/{repo}/git/ref/{ref}", {
      ...repoParams(gh),
      ref: releasedRef(ref).replace(/^refs\//, "")
    });
    return true;
  } catch {
    return false;
  }
}
var FIRST_POLL_MS = 200;
async function awaitClaimHolder(timing, moved, released = async () => false) {
  const until = timing.now() + timing.graceMs;
  const look = async () => await moved() ? "moved" : await released() ? "released" : null;
  const first = await look();
  if (first !== null) return first;
  let wait = Math.min(FIRST_POLL_MS, timing.pollMs);
  while (timing.now() < until) {
    await timing.sleep(Math.min(wait, Math.max(until - timing.now(), 0)));
    const seen = await look();
    if (seen !== null) return seen;
    wait = Math.min(wait * 2, timing.pollMs);
  }
  return "orphaned";
}

// src/github/ralph-refs.ts
async function deleteRalphRef(gh, ref, what) {
  const name = ref.replace(/^refs\//, "");
  try {
    await gh.client.request("DELETE /repos/{owner}/{repo}/git/refs/{ref}", {
      ...repoParams(gh),
      ref: name
    });
  } catch (error2) {
    gh.log.warn(`could not ${what} ${name} (${httpStatus(error2) ?? "?"}): ${errorMessage(error2)}`);
  }
}

// src/github/reply-keys.ts
var REPLY_NAMESPACE = "refs/ralph/replies";
function replyRef(issue2, key) {
  const hash = createHash2("sha256").update(key).digest("hex").slice(0, 32);
  return `${REPLY_NAMESPACE}/issue-${issue2}/${hash}`;
}
function keyAnchor(key) {
  const reply2 = /^reply:(\d+):/.exec(key);
  if (reply2?.[1] !== void 0) return Number(reply2[1]);
  if (/^(questions|decisions):/.test(key)) return Number.POSITIVE_INFINITY;
  return Number.NEGATIVE_INFINITY;
}
function windowAnswers(key, known) {
  if (known === void 0) return false;
  return known.from === 0 || keyAnchor(key) > known.from;
}
function claimReplyKey(gh, issue2, key) {
  return claim2(gh, replyRef(issue2, key));
}
async function releaseReplyKey(gh, issue2, key) {
  await deleteRalphRef(gh, replyRef(issue2, key), "release the reply key");
}

// src/github/comments.ts
function toComment(raw) {
  return {
    id: raw.id,
    ...typeof raw.node_id === "string" && raw.node_id !== "" ? { node_id: raw.node_id } : {},
    body: raw.body ?? "",
    user: raw.user ? { login: raw.user.login, type: raw.user.type } : null,
    created_at: raw.created_at,
    html_url: raw.html_url
  };
}
async function listIssueComments(gh, issue2) {
  const raw = await paginate(
    gh,
    "GET /repos/{owner}/{repo}/issues/{issue_number}/comments",
    { issue_number: issue2 }
  );
  return raw.map(toComment).sort((a, b) => a.id - b.id);
}
async function getComment(gh, commentId) {
  const res = await gh.client.request("GET /repos/{owner}/{repo}/issues/comments/{comment_id}", {
    ...repoParams(gh),
    comment_id: commentId
  });
  return toComment(res.data);
}
function redactFor(gh, text) {
  return redactSecrets(text, gh.secrets ?? []);
}
function redactDeep(gh, value) {
  const walk = (v) => {
    if (typeof v === "string") return redactFor(gh, v);
    if (Array.isArray(v)) return v.map(walk);
    if (typeof v === "object" && v !== null) {
      return Object.fromEntries(Object.entries(v).map(([k, inner]) => [k, walk(inner)]));
    }
    return v;
  };
  return walk(value);
}
var CLIPPED_NOTE = "\n\n\u2026 (cut at GitHub's 65,536-character limit)";
function withinLimit(body, limit = GITHUB_COMMENT_LIMIT, note = CLIPPED_NOTE) {
  return body.length <= limit ? body : truncate(body, limit, note);
}
function createComment(gh, issue2, body, options = {}) {
  const route3 = "POST /repos/{owner}/{repo}/issues/{issue_number}/comments";
  return writeComment(gh, route3, { issue_number: issue2 }, body, options);
}
function updateComment(gh, commentId, body, options = {}) {
  const route3 = "PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}";
  return writeComment(gh, route3, { comment_id: commentId }, body, options);
}
async function writeComment(gh, route3, target, body, options) {
  const res = await gh.client.request(route3, {
    ...repoParams(gh),
    ...target,
    body: withinLimit(options.redacted ? body : redactFor(gh, body)),
    ...options.signal === void 0 ? {} : { request: { signal: options.signal } }
  });
  return toComment(res.data);
}
function isOwnComment(gh, comment) {
  return comment.user?.login === gh.botLogin;
}
function keyMarker(key) {
  return `<!-- ralph:key=${key.replace(/[^A-Za-z0-9:._@/-]/g, "_")} -->`;
}
function hasKeyedComment(gh, comments, key) {
  const marker = keyMarker(key);
  return comments.some((c) => isOwnComment(gh, c) && c.body.includes(marker));
}
async function postComment(gh, issue2, body, options = {}) {
  const limit = options.limit ?? GITHUB_COMMENT_LIMIT;
  let prefix = "";
  let claimed = null;
  if (options.key !== void 0) {
    const key = options.key;
    if (options.known !== void 0 && hasKeyedComment(gh, options.known.list, key)) return [];
    if (!windowAnswers(key, options.known)) {
      const claim3 = await claimReplyKey(gh, issue2, key);
      if (claim3 === "taken") return [];
      if (claim3 === "claimed") claimed = key;
      else if (hasKeyedComment(gh, await listIssueComments(gh, issue2), key)) return [];
    }
    prefix = `${keyMarker(key)}
`;
  }
  const parts = splitComment(redactFor(gh, body), limit - prefix.length);
  const posted = [];
  try {
    for (const [index, part] of parts.entries()) {
      const comment = await createComment(gh, issue2, index === 0 ? prefix + part : part);
      posted.push(comment);
      options.known?.list.push(comment);
    }
  } catch (error2) {
    if (claimed !== null && posted.length === 0) await releaseReplyKey(gh, issue2, claimed);
    throw error2;
  }
  return posted;
}
async function editComment(gh, issue2, commentId, body, options = {}) {
  const parts = splitComment(redactFor(gh, body), options.limit ?? GITHUB_COMMENT_LIMIT);
  const edited = await updateComment(gh, commentId, parts[0] ?? "", { redacted: true });
  for (const part of parts.slice(1)) {
    const comment = await createComment(gh, issue2, part, { redacted: true });
    options.known?.list.push(comment);
  }
  return edited;
}

// src/github/pulls.ts
async function getPullRequest(gh, pr) {
  const res = await gh.client.request("GET /repos/{owner}/{repo}/pulls/{pull_number}", {
    ...repoParams(gh),
    pull_number: pr
  });
  return res.data;
}
function isForkPullRequest(gh, pr) {
  const head = pr.head.repo?.full_name;
  return head === void 0 || head.toLowerCase() !== `${gh.owner}/${gh.repo}`.toLowerCase();
}
function closesLine(issue2) {
  return `Closes #${issue2}`;
}
async function upsertRalphPr(gh, input) {
  const prd = input.prdPath === void 0 ? "the PRD" : `[the PRD](${blobUrl(repoWebUrlOf(gh), input.head, input.prdPath)})`;
  const body = withinLimit(
    redactFor(gh, [closesLine(input.issue), input.summary ?? ""].join("\n\n").trim()),
    GITHUB_COMMENT_LIMIT,
    `

\u2026 (cut at GitHub's 65,536-character limit: every story is in ${prd} on \`${input.head}\`, see this PR's files)`
  );
  const title = redactFor(gh, input.title);
  let number3 = input.existing ?? null;
  if (number3 === null) {
    const open2 = await gh.client.request("GET /repos/{owner}/{repo}/pulls", {
      ...repoParams(gh),
      head: `${gh.owner}:${input.head}`,
      state: "open",
      per_page: 1
    });
    number3 = open2.data[0]?.number ?? null;
  }
  if (number3 !== null) {
    const res2 = await gh.client.request("PATCH /repos/{owner}/{repo}/pulls/{pull_number}", {
      ...repoParams(gh),
      pull_number: number3,
      title,
      body
    });
    return res2.data;
  }
  const res = await gh.client.request("POST /repos/{owner}/{repo}/pulls", {
    ...repoParams(gh),
    head: input.head,
    base: input.base,
    title,
    body,
    draft: true
  });
  return res.data;
}
var MARK_READY = `mutation($id: ID!) {
  markPullRequestReadyForReview(input: { pullRequestId: $id }) {
    pullRequest { number isDraft }
  }
}`;
async function markPullRequestReady(gh, pr) {
  const current = await getPullRequest(gh, pr);
  if (!current.draft) return;
  await gh.client.graphql(MARK_READY, { id: current.node_id });
}
function normalizeReviewState(state) {
  return state.toUpperCase();
}
var PLAN_INVALIDATION_FLAG = "**PLAN_INVALIDATION**";
async function postReview(gh, pr, body, options = {}) {
  const raw = options.planInvalidation ? `${PLAN_INVALIDATION_FLAG}

${body}` : body;
  const parts = splitComment(redactFor(gh, raw), options.limit ?? GITHUB_COMMENT_LIMIT);
  const res = await gh.client.request("POST /repos/{owner}/{repo}/pulls/{pull_number}/reviews", {
    ...repoParams(gh),
    pull_number: pr,
    event: "COMMENT",
    body: parts[0] ?? "",
    ...options.commitId === void 0 ? {} : { commit_id: options.commitId }
  });
  for (const part of parts.slice(1)) await createComment(gh, pr, part, { redacted: true });
  return res.data;
}
async function listPullRequestFiles(gh, pr) {
  return paginate(gh, "GET /repos/{owner}/{repo}/pulls/{pull_number}/files", {
    pull_number: pr
  });
}
function prBodyStories(state) {
  const stories = state.prd?.stories ?? [];
  if (stories.length === 0) return "";
  const line = (s) => `- [${s.status === "passed" ? "x" : " "}] ${s.id}: ${s.title}`;
  const planned = stories.filter((s) => !FOLLOWUP_ID.test(s.id));
  const followUps2 = stories.filter((s) => FOLLOWUP_ID.test(s.id));
  const rounds = state.followUp?.rounds ?? 0;
  return [
    "Stories:",
    ...planned.map(line),
    ...followUps2.length === 0 ? [] : [
      "",
      `Follow-up stories (${rounds} follow-up round${rounds === 1 ? "" : "s"} after review, PRD revision ${state.prd?.number ?? 1}):`,
      ...followUps2.map(line)
    ]
  ].join("\n");
}

// src/core/read-cursors.ts
var APPROVAL_DENIED_KEPT = 100;
var APPROVAL_COUNTED_KEPT = 100;
var approvalReadsSchema = strictObject({
  revision: string2(),
  commentId: number2().int(),
  /** GraphQL's id of the PRD comment, by which its 👍 are read. */
  commentNode: string2().nullable().default(null),
  /** The newest 👍 (database id) already taken in. */
  reactionId: number2().int().min(0).default(0),
  /** Reactors looked up and refused for this revision; the oldest are forgotten first. */
  denied: array(string2()).max(APPROVAL_DENIED_KEPT).default([]),
  /** The 👍 that count as approvals (GraphQL ids): a removed one withdraws its approval. */
  counted: array(strictObject({ login: string2(), node: string2() })).max(APPROVAL_COUNTED_KEPT).default([])
});
function boundedLogins(list, more, max) {
  const out = [...list];
  for (const login of more) {
    if (!out.some((l) => l.toLowerCase() === login.toLowerCase())) out.push(login);
  }
  return out.slice(Math.max(0, out.length - max));
}

// src/core/state.ts
var PHASES = [
  "idle",
  "planning",
  "questions",
  "decisions",
  "consensus",
  "awaiting_approval",
  "run_gate",
  "implementing",
  "verifying",
  "plan_invalidated",
  /** Waiting (no runner held) for the repository's CI on the pull request's head (§2.3). */
  "ci",
  "done",
  "failed",
  "stopped"
];
var phaseSchema = _enum(PHASES);
var AGENT_PHASES = [
  "planning",
  "consensus",
  "implementing",
  "verifying",
  "plan_invalidated"
];
function isAgentPhase(phase) {
  return AGENT_PHASES.includes(phase);
}
var AGENT_STEPS = [
  ...["research", "plan", "consensus", "implement", "verify", "understand"],
  ...["amend", "merge_base"]
];
var agentStepSchema = _enum(AGENT_STEPS);
var storyStatusSchema = _enum(["pending", "running", "passed", "failed"]);
var storyStateSchema = strictObject({
  id: string2(),
  title: string2(),
  status: storyStatusSchema,
  attempts: number2().int().min(0),
  /** Commit the last implement run produced (the seed-000 candidate); verified against this. */
  commit: string2().nullable()
});
var approvalChannelSchema = _enum(["comment", "reaction", "review"]);
var decisionOptionSchema = strictObject({
  number: number2().int().min(1),
  label: string2(),
  description: string2().default("")
});
var pendingDecisionSchema = strictObject({
  id: string2(),
  title: string2(),
  critical: boolean2(),
  options: array(decisionOptionSchema).min(1),
  recommendation: number2().int().nullable(),
  selected: number2().int().nullable(),
  /** Free-text answer when a user replies with something other than an option number. */
  custom: string2().nullable().default(null),
  /** Seed 002 decisions.json fields, kept so the file on the branch is complete. */
  category: string2().default(""),
  context: string2().default(""),
  rationale: string2().default(""),
  /** Questions a maintainer asked about this decision, with Ralph's answers (seed 002). */
  followUps: array(strictObject({ question: string2(), answer: string2() })).default([])
});
var machineStateSchema = strictObject({
  version: literal(1),
  issue: number2().int().min(1),
  /** `spec_pr` when the issue is a same-repo PR adding spec files (DESIGN §2.2). */
  kind: _enum(["issue", "spec_pr"]).default("issue"),
  phase: phaseSchema,
  /** Writer counter (DESIGN §6.2): each writer re-checks it before saving. */
  revision: number2().int().min(0),
  /**
   * This revision was saved under its claim ref (github/state-claim.ts, kept for the whole series),
   * so a writer that read it needs no re-read of the comment before its own claimed save: a newer
   * revision would hold the claim it asks for. Absent in states saved without a claim.
   */
  claimed: boolean2().optional(),
  /**
   * Command comments written on Ralph's own pull request while a job owned the state: the job's
   * next checkpoint (or the next reconcile) takes them in, as it does the issue's own comments.
   */
  routedCommands: array(number2().int().min(1)).default([]),
  /**
   * What was already turned into events (DESIGN §6.1): the highest comment / review id, and for
   * comments a bounded record of ids read above a floor, since GitHub can list a comment late
   * (core/seen-comments.ts). Without `commentFloor` (older states) `commentId` is the floor.
   */
  watermark: strictObject({
    commentId: number2().int().min(0),
    reviewId: number2().int().min(0),
    commentFloor: number2().int().min(0).optional(),
    comments: array(number2().int().min(0)).max(100).optional()
  }).default({ commentId: 0, reviewId: 0 }),
  /** The step a dispatched job must run next, when in an agent phase. */
  pendingStep: agentStepSchema.nullable().default(null),
  /** Notes given with `/ralph plan <notes>` and reviewer feedback for the next planner run. */
  planNotes: array(string2()).default([]),
  feedback: array(string2()).default([]),
  complexity: _enum(["simple", "complex"]).nullable().default(null),
  researchDone: boolean2().default(false),
  questionRounds: number2().int().min(0).default(0),
  /** The question round's questions, kept after the first answer until the planner's next result. */
  openQuestions: array(string2()).default([]),
  /** Trusted Q&A only: answers by users with write access. */
  qa: array(strictObject({ question: string2(), answer: string2(), by: string2() })).default([]),
  decisions: array(pendingDecisionSchema).default([]),
  consensusRounds: number2().int().min(0).default(0),
  /** Critic concerns left when consensus was forced (listed on the PRD comment). */
  concerns: array(string2()).default([]),
  /** Seed 003 understand recommendation of the current PRD (shown on the PRD comment). */
  understandAdvice: strictObject({
    reasons: array(string2()),
    iterations: number2().int().min(0),
    topics: array(string2()).default([])
  }).nullable().default(null),
  prd: strictObject({
    /** sha256 of canonical PRD JSON + plan text (DESIGN §3.3). */
    revision: string2(),
    /** 1 for the first PRD, +1 for every re-plan or revision. */
    number: number2().int().min(1),
    branchName: string2(),
    commentId: number2().int().nullable().default(null),
    stories: array(storyStateSchema)
  }).nullable().default(null),
  approvals: array(
    strictObject({
      login: string2(),
      revision: string2(),
      channel: approvalChannelSchema,
      /** The approving review (channel `review`): its dismissal withdraws the approval. */
      reviewId: number2().int().optional()
    })
  ).default([]),
  /** The login(s) whose approval started implementation, for `Co-authored-by:`. */
  approvedBy: array(string2()).default([]),
  runGatePassed: boolean2().default(false),
  branch: string2().nullable().default(null),
  prNumber: number2().int().nullable().default(null),
  specId: string2().nullable().default(null),
  /** Spec PR (DESIGN §2.2): specs whose stories are all verified, in the order they ran. */
  specsDone: array(string2()).default([]),
  /** Spec PR: the PR's specs still to plan after the current one (path order), as of its plan. */
  specsLeft: array(string2()).default([]),
  currentStory: string2().nullable().default(null),
  verifierFeedback: string2().nullable().default(null),
  /**
   * The regression gate runs (DESIGN §4.4): every story re-verified on the final tree before the
   * done marker. The pending `verify` step is then about all stories, not `currentStory`.
   */
  finalCheck: boolean2().default(false),
  /** Why Ralph did not accept the verifier's last verdict: shown to the verifier's next run. */
  verdictProblem: string2().nullable().default(null),
  invalidation: strictObject({ reason: string2(), attempt: number2().int().min(1) }).nullable().default(null),
  counters: strictObject({
    agentRuns: number2().int().min(0),
    replans: number2().int().min(0),
    costUsd: number2().min(0),
    tokens: number2().int().min(0)
  }).default({ agentRuns: 0, replans: 0, costUsd: 0, tokens: 0 }),
  /** Circuit breaker (DESIGN §4.5): same failure signature (or no progress) in a row. */
  breaker: strictObject({ signature: string2().nullable(), count: number2().int().min(0) }).default({ signature: null, count: 0 }),
  lastError: string2().nullable().default(null),
  stopReason: string2().nullable().default(null),
  /** Where `/ralph run` resumes after stop or failure. */
  resumePhase: phaseSchema.nullable().default(null),
  resumeStep: agentStepSchema.nullable().default(null),
  /** Phase to return to after an understand run started from a waiting phase. */
  returnPhase: phaseSchema.nullable().default(null),
  runUrl: string2().nullable().default(null),
  /**
   * When the current phase began (ISO time), stamped by the save that changed the phase: the
   * phase lines of `ralph.log` measure a phase from it, also in a run that did not see it begin.
   */
  phaseSince: string2().nullable().default(null),
  /** The 👍 read so far on the current PRD comment (core/read-cursors.ts, issue 16). */
  approvalReads: approvalReadsSchema.optional(),
  /**
   * Ralph's pull request was merged or closed (DESIGN §2.3): Ralph stopped watching it and starts
   * nothing more for it (core/machine/pr-closed.ts). Cleared when it is reopened unmerged, or when
   * a new plan starts over with a new pull request.
   */
  prClosed: strictObject({ number: number2().int().min(1), merged: boolean2() }).nullable().default(null),
  /**
   * When the last trigger Ralph took (trigger label, assignment, opened issue) was made, as the
   * event's issue `updated_at` says: a redelivered or re-run event is not taken twice.
   */
  triggeredAt: string2().nullable().default(null),
  /**
   * Follow-up rounds on Ralph's pull request (DESIGN §2.3): the round in progress, the requests
   * queued behind it, and the count against `limits.max_followups`. Null until the first request.
   */
  followUp: followUpStateSchema.nullable().default(null),
  /**
   * The CI gate (DESIGN §2.3, core/machine/ci-wait.ts): the head commit Ralph waits for checks
   * on and since when (both set by the first CI read after the push, from its clock), the
   * follow-up rounds spent on red checks (limits.max_ci_fixes), and what the last gate decision
   * had to say (no check appeared, checks ended without a verdict), for the status comment.
   */
  ci: strictObject({
    sha: string2().nullable(),
    since: string2().nullable(),
    fixes: number2().int().min(0),
    note: string2().nullable()
  }).nullable().default(null),
  /**
   * When this revision was saved (ISO time, the saver's clock): a save long after it knows every
   * state claim up to it can no longer matter and cleans them (github/claim-cleanup.ts).
   */
  savedAt: string2().nullable().default(null),
  /**
   * The base merge (core/machine/base-merge.ts): why the last one ran (`/ralph update`, GitHub
   * reported the pull request unmergeable, or the base moved before ready), the phase it returns to when there is nothing to
   * merge, and which unmergeable report (`<head>..<base>` commits) started it, so a report that
   * GitHub has not recomputed yet does not start the same merge again.
   */
  baseMerge: strictObject({
    reason: _enum(["command", "unmergeable", "ready"]),
    from: phaseSchema,
    report: string2().nullable().default(null)
  }).nullable().default(null),
  /**
   * Seed 002 on GitHub with `parallel-runners`: the batch of stories (the current one first) a
   * run handed to a job matrix, one runner per story, from `base` (Ralph's branch then). Cleared
   * by the next result the machine takes; a run that finds it still set knows the combine never
   * happened (a cancelled or crashed matrix) and runs the batch itself.
   */
  parallelDispatch: strictObject({
    stories: array(string2()).min(2),
    base: string2().regex(/^[0-9a-f]{40}$/),
    runUrl: string2().nullable()
  }).optional()
});
function initialState(issue2, kind = "issue") {
  return machineStateSchema.parse({ version: 1, issue: issue2, kind, phase: "idle", revision: 0 });
}
var PHASE_LABELS = {
  idle: null,
  planning: "ralph:planning",
  questions: "ralph:questions",
  decisions: "ralph:questions",
  consensus: "ralph:planning",
  awaiting_approval: "ralph:awaiting-approval",
  run_gate: "ralph:awaiting-approval",
  implementing: "ralph:implementing",
  verifying: "ralph:verifying",
  plan_invalidated: "ralph:plan-invalidated",
  ci: "ralph:ci",
  done: "ralph:done",
  failed: "ralph:failed",
  stopped: "ralph:stopped"
};
var ALL_PHASE_LABELS = [
  ...new Set(Object.values(PHASE_LABELS).filter((l) => l !== null))
];

// src/core/render/decisions.ts
var DECISIONS_MARKER = "<!-- ralph:decisions -->";
function optionLabel(decision, number3) {
  if (number3 === null) return null;
  const option = decision.options.find((o) => o.number === number3);
  return option ? `option ${number3} (${agentInline(option.label, 200)})` : `option ${number3}`;
}
function renderDecision(decision, n) {
  const critical = decision.critical ? " \u2014 **critical**" : "";
  const lines = [
    `### Decision ${n}: ${agentInline(decision.title, 300)}${critical}`,
    "",
    `Reply key: \`${agentInline(decision.id, 40)}\``,
    "",
    ...decision.context.trim() === "" ? [] : ["**Context:**", agentInline(decision.context, 2e3), ""],
    "**Options:**",
    ...decision.options.map((o) => {
      const description = o.description.trim() === "" ? "" : ` - ${agentInline(o.description, 1e3)}`;
      return `${o.number}. ${agentInline(o.label, 200)}${description}`;
    }),
    ""
  ];
  const recommended = optionLabel(decision, decision.recommendation);
  const why = recommended !== null && decision.rationale.trim() !== "" ? ` because ${agentInline(decision.rationale, 1e3)}` : "";
  lines.push(`**Recommendation:** ${recommended ?? "none"}${why}`, "");
  for (const f of decision.followUps) {
    lines.push(
      `> **Asked:** ${agentInline(f.question, 500)}`,
      ">",
      `> **Answer:** ${agentInline(f.answer, 2e3)}`,
      ""
    );
  }
  const selected = optionLabel(decision, decision.selected);
  if (selected) lines.push(`**Chosen:** ${selected}`, "");
  else if (decision.custom) lines.push(`**Chosen:** ${agentInline(decision.custom, 500)}`, "");
  lines.push("---", "");
  return lines;
}
function renderDecisionsComment(decisions) {
  const anyCritical = decisions.some((d) => d.critical);
  const key = agentInline(decisions[0]?.id ?? "D1", 40);
  const lines = [
    DECISIONS_MARKER,
    `## Ralph needs ${decisions.length === 1 ? "a decision" : `${decisions.length} decisions`} before planning`,
    "",
    ...decisions.flatMap((d, i) => renderDecision(d, i + 1)),
    `**How to reply:** one comment, one line per decision: \`${key}: 2\` picks option 2; \`${key}: <your own answer>\` gives a different answer; a line that ends with \`?\` asks a question about that decision (Ralph answers it and asks again). Only replies from people with write access count.`,
    "",
    anyCritical ? "Comment `/ralph skip` to take the recommendations for the non-critical decisions; the decisions marked **critical** need an explicit answer." : "Comment `/ralph skip` to take all the recommendations."
  ];
  return `${neutralizeCommandLines(lines.join("\n"))}
`;
}

// src/core/render/prd-comment.ts
var PRD_MARKER_PATTERN = /<!-- ralph:prd revision=([0-9a-f]{64}) -->/;
function prdMarker(revision) {
  return `<!-- ralph:prd revision=${revision} -->`;
}
function findPrdRevision(body) {
  return PRD_MARKER_PATTERN.exec(body)?.[1] ?? null;
}
var SOURCE_TEXT = {
  review: "review",
  fix: "`/ralph fix`",
  ci: "failing check",
  conflict: "conflict with the default branch"
};
function amendmentCallout(a) {
  const who = a.by === null ? "Ralph's own" : `the ${SOURCE_TEXT[a.source] ?? a.source} of @${agentInline(a.by, 40)}`;
  const lines = [
    "> [!NOTE]",
    `> **Amendment: follow-up round ${a.round}.** From ${a.by === null ? `${who} ${SOURCE_TEXT[a.source] ?? a.source}` : who}, Ralph added ${a.stories.map((st) => `**${agentInline(st.id, 40)}**`).join(", ")} after the verified stories, which stay verified and are re-checked before done.`
  ];
  const answering = a.stories.filter((st) => st.threads.length > 0);
  if (answering.length > 0) {
    lines.push(
      ">",
      ...answering.map(
        (st) => `> - ${agentInline(st.id, 40)} answers review thread${st.threads.length === 1 ? "" : "s"} ${st.threads.join(", ")}`
      )
    );
  }
  return [...lines, ""];
}
var PLAN_MAX = 4e4;
var STORY_TEXT_MAX = 1e3;
function cutNote(what, link) {
  return link === void 0 ? `_${what}; the whole text is on the branch._` : `_${what}; the whole text is [on the branch](${link})._`;
}
var UNDERSTAND_TOPICS_PER_RUN = 3;
function renderPrdComment(input) {
  const { prd, revision, revisionNumber, concerns, specId } = input;
  if (!/^[0-9a-f]{64}$/.test(revision)) {
    throw new RangeError(
      `PRD revision must be a sha256 hex digest, got '${revision.slice(0, 20)}'`
    );
  }
  const stories = storiesInOrder(prd);
  const spec = specId ? ` for \`${agentInline(specId, 100).replace(/`/g, "")}\`` : "";
  const amendment = input.amendment ?? null;
  const lines = [
    prdMarker(revision),
    `## Ralph: PRD revision ${revisionNumber}${spec}${amendment === null ? "" : ` (follow-up round ${amendment.round})`}`,
    "",
    `${stories.length} ${stories.length === 1 ? "story" : "stories"}, implemented in this order on branch \`${agentInline(prd.branchName, 120).replace(/`/g, "")}\`. Revision \`${revision.slice(0, 12)}\`.`,
    "",
    "| # | Story | Title | Priority | Criteria |",
    "|---|---|---|---|---|"
  ];
  stories.forEach((story, i) => {
    lines.push(
      `| ${i + 1} | ${agentTableCell(story.id, 80)} | ${agentTableCell(story.title, 200)} | ${story.priority} | ${story.acceptanceCriteria.length} |`
    );
  });
  lines.push("");
  if (amendment !== null) lines.push(...amendmentCallout(amendment));
  lines.push(...callouts(concerns, input.understand));
  lines.push("### Acceptance criteria", "");
  let storyCut = false;
  for (const story of stories) {
    storyCut ||= [...story.acceptanceCriteria, story.notes].some(
      (text) => agentInline(text, STORY_TEXT_MAX) !== agentInline(text, Number.MAX_SAFE_INTEGER)
    );
    lines.push(`#### ${agentInline(story.id, 80)}: ${agentInline(story.title, 200)}`, "");
    for (const criterion of story.acceptanceCriteria) {
      lines.push(`- ${agentInline(criterion, STORY_TEXT_MAX)}`);
    }
    if (story.notes.trim() !== "") {
      lines.push("", `_Notes:_ ${agentInline(story.notes, STORY_TEXT_MAX)}`);
    }
    lines.push("");
  }
  if (storyCut) lines.push(cutNote("Long criteria and notes are cut here", input.links?.prd), "");
  lines.push(
    "<details>",
    "<summary>The plan</summary>",
    "",
    agentMarkdown(input.planText, PLAN_MAX),
    "",
    ...normalizeNewlines(input.planText).trimEnd().length > PLAN_MAX ? [cutNote("The plan is cut here", input.links?.plan), ""] : [],
    "</details>",
    "",
    ...amendment?.auto === true ? autoAmendment(amendment) : approvalHowTo(input)
  );
  return `${neutralizeCommandLines(lines.join("\n"))}
`;
}
function autoAmendment(a) {
  return [
    "### No new approval needed",
    "",
    a.by === null ? "Ralph formed these stories itself to restore what was approved; it implements them now and re-verifies every story." : `The request of @${agentInline(a.by, 40)}, who has write access, is this amendment's approval (\`gates.followup: auto\`): Ralph implements the follow-up stories now, then re-verifies every story and answers the review threads with the commits.`
  ];
}
function approvalHowTo(input) {
  const { approvalsRequired, specId } = input;
  return [
    "### How to approve or revise",
    "",
    `This revision needs ${counted(approvalsRequired, "approval")} from people with write access. Approvals of earlier revisions do not count. Approve by:`,
    "",
    `- commenting \`/approve\`${specId ? ` (or \`/approve ${agentInline(specId, 100).replace(/`/g, "")}\`)` : ""},`,
    "- reacting \u{1F44D} to this comment, or",
    "- approving the Ralph pull request.",
    "",
    "To change the plan, comment `/ralph revise <what to change>` or request changes on the pull request."
  ];
}
function callouts(concerns, understand2) {
  const out = [];
  if (concerns.length > 0) {
    out.push(
      "> [!WARNING]",
      "> **Consensus was forced.** The critic still had these concerns when the round limit was reached:",
      ">",
      ...concerns.map((c) => `> - ${agentInline(c, 500)}`),
      ""
    );
  }
  if (understand2) {
    const n = understand2.iterations;
    out.push(
      "> [!NOTE]",
      `> **Refreshing the codebase map is recommended** before implementing: comment \`/ralph understand\` (${counted(n, "topic")} to cover, up to ${UNDERSTAND_TOPICS_PER_RUN} per run; it writes only the map). Why:`,
      ">",
      ...understand2.reasons.map((r) => `> - ${agentInline(r, 500)}`),
      ""
    );
  }
  return out;
}

// src/core/render/questions.ts
function listItem(index, text) {
  const marker = `${index}. `;
  const pad = " ".repeat(marker.length);
  const [first = "", ...rest] = agentMarkdown(text, 4e3).split("\n");
  return [marker + first, ...rest.map((l) => l === "" ? "" : pad + l)].join("\n");
}
function renderQuestionsComment(questions, round, maxRounds) {
  const lines = [
    `<!-- ralph:questions round=${round} -->`,
    `## Ralph has ${questions.length === 1 ? "a question" : "questions"} (round ${round} of ${maxRounds})`,
    "",
    ...questions.map((q, i) => listItem(i + 1, q)),
    "",
    "**How to answer:** reply in a new comment; one comment can answer everything (numbering your answers like the questions helps). Only answers from people with write access are used.",
    "",
    "Comment `/ralph skip` to let Ralph use its best judgment instead."
  ];
  return `${neutralizeCommandLines(lines.join("\n"))}
`;
}

// src/core/followup-budget.ts
var FOLLOWUP_CAPS = {
  triggers: 40,
  /**
   * Characters of one trigger (`review:<id>`, `comment:<id>`, `ci:<40-hex sha>`): never cut
   * shorter than the longest, or a clipped trigger would no longer match and start a round twice.
   */
  triggerChars: 48,
  reviewers: 10,
  /** Characters of a login (GitHub allows 39). */
  loginChars: 40,
  /** Stories Ralph forms itself (one per failing check, at most FEEDBACK_CI_FAILURES_MAX). */
  drafts: FEEDBACK_CI_FAILURES_MAX,
  draftCriteria: 5
};
function clipTo(text, max) {
  return text.length <= max ? text : text.slice(0, max);
}
function unique(list) {
  return [...new Set(list)];
}
function boundFeedbackLists(f) {
  f.text = f.text.slice(-FEEDBACK_TEXTS_MAX);
  f.threads = f.threads.slice(0, FEEDBACK_THREADS_MAX);
  f.ciFailures = f.ciFailures.slice(-FEEDBACK_CI_FAILURES_MAX);
  f.conflicts = f.conflicts.slice(0, FEEDBACK_CONFLICTS_MAX);
}
function boundAnswers(items) {
  let left = FOLLOWUP_ANSWERS_MAX;
  return items.map((item) => {
    const threads = unique(item.threads).slice(0, left);
    left -= threads.length;
    return { ...item, threads };
  });
}
function boundRequest(r) {
  const caps = FOLLOWUP_CAPS;
  boundFeedbackLists(r.feedback);
  if (r.by !== null) r.by = clipTo(r.by, caps.loginChars);
  r.reviewers = r.reviewers.slice(0, caps.reviewers).map((l) => clipTo(l, caps.loginChars));
  r.drafts = boundAnswers(
    r.drafts.slice(0, caps.drafts).map((d) => ({
      ...d,
      acceptanceCriteria: d.acceptanceCriteria.slice(0, caps.draftCriteria)
    }))
  );
}
function boundFollowUp(f) {
  if (f === null) return;
  f.triggers = f.triggers.slice(-FOLLOWUP_CAPS.triggers).map((t) => clipTo(t, FOLLOWUP_CAPS.triggerChars));
  f.queued = f.queued.slice(-5);
  for (const r of f.queued) boundRequest(r);
  const round = f.current;
  if (round === null) return;
  boundRequest(round);
  round.stories = boundAnswers(round.stories.slice(0, FOLLOWUP_STORIES_MAX));
}
function clipRequest(r, cut2) {
  const f = r.feedback;
  f.text = f.text.map(cut2);
  f.threads = f.threads.map((t) => ({
    ...t,
    path: cut2(t.path),
    author: cut2(t.author),
    text: cut2(t.text),
    url: t.url === null ? null : cut2(t.url)
  }));
  f.ciFailures = f.ciFailures.map((c) => ({
    check: cut2(c.check),
    conclusion: cut2(c.conclusion),
    logTail: cut2(c.logTail),
    url: c.url === null ? null : cut2(c.url)
  }));
  f.conflicts = f.conflicts.map(cut2);
  const keep = (t) => cut2(t).trim() === "" ? "\u2026" : cut2(t);
  r.drafts = r.drafts.map((d) => ({
    ...d,
    title: keep(d.title),
    acceptanceCriteria: d.acceptanceCriteria.map(keep),
    notes: cut2(d.notes)
  }));
}
function clipFollowUp(f, cut2) {
  if (f === null) return;
  for (const r of f.queued) clipRequest(r, cut2);
  if (f.current !== null) clipRequest(f.current, cut2);
}

// src/core/state-wire.ts
var STATUS_CODES = {
  pending: "p",
  running: "r",
  passed: "v",
  failed: "f"
};
var STATUS_OF = new Map(Object.entries(STATUS_CODES).map(([k, v]) => [v, k]));
var SHA1_HEX = /^[0-9a-f]{40}$/;
var SHA1_WIRE = /^[A-Za-z0-9_-]{27}$/;
function commitToWire(commit) {
  return commit !== null && SHA1_HEX.test(commit) ? Buffer.from(commit, "hex").toString("base64url") : commit;
}
function commitFromWire(commit) {
  return typeof commit === "string" && SHA1_WIRE.test(commit) ? Buffer.from(commit, "base64url").toString("hex") : commit;
}
function toWire(state) {
  const decisions = state.decisions.map((d) => ({
    ...d,
    options: d.options.map((o) => [o.number, o.label, o.description])
  }));
  if (state.prd === null) return { ...state, decisions };
  const stories = state.prd.stories.map((s) => [
    s.id,
    STATUS_CODES[s.status],
    s.attempts,
    commitToWire(s.commit),
    s.title
  ]);
  const current = state.prd.revision;
  const approvals = state.approvals.map(
    ({ revision, ...rest }) => revision === current ? rest : { revision, ...rest }
  );
  const reads = state.approvalReads;
  const approvalReads = reads === void 0 || reads.revision !== current ? reads : (({ revision: _revision, ...rest }) => rest)(reads);
  return {
    ...state,
    decisions,
    approvals,
    ...approvalReads === void 0 ? {} : { approvalReads },
    prd: { ...state.prd, stories }
  };
}
function optionFromWire(raw) {
  if (!Array.isArray(raw) || raw.length !== 3) return raw;
  const [number3, label, description] = raw;
  return { number: number3, label, description };
}
function decisionsFromWire(raw) {
  if (!Array.isArray(raw)) return raw;
  return raw.map(
    (d) => typeof d === "object" && d !== null && Array.isArray(d.options) ? { ...d, options: d.options.map(optionFromWire) } : d
  );
}
function storyFromWire(raw) {
  if (Array.isArray(raw)) {
    if (raw.length !== 5) return raw;
    const [id, status, attempts, commit, title] = raw;
    const code3 = String(status);
    return {
      id,
      status: STATUS_OF.get(code3) ?? status,
      attempts,
      commit: commitFromWire(commit),
      title
    };
  }
  if (typeof raw !== "object" || raw === null) return raw;
  const { priority: _priority, criteria: _criteria, ...rest } = raw;
  return rest;
}
function fromWire(raw) {
  if (typeof raw !== "object" || raw === null) return raw;
  const decisions = raw.decisions;
  const base = decisions === void 0 ? raw : { ...raw, decisions: decisionsFromWire(decisions) };
  const prd = raw.prd;
  if (typeof prd !== "object" || prd === null) return base;
  const { stories, revision } = prd;
  if (!Array.isArray(stories)) return base;
  const approvals = raw.approvals;
  const reads = raw.approvalReads;
  const withRevision = (a) => typeof a === "object" && a !== null && !("revision" in a) ? { ...a, revision } : a;
  return {
    ...base,
    ...Array.isArray(approvals) && { approvals: approvals.map(withRevision) },
    ...reads !== void 0 && { approvalReads: withRevision(reads) },
    prd: { ...prd, stories: stories.map(storyFromWire) }
  };
}

// src/core/state-budget.ts
var STATE_BUDGET_BYTES = 45e3;
var STATUS_MARGIN = 1e3;
var STATUS_HUMAN_MIN = 4e3;
var STATUS_HUMAN_MAX = 16e3;
var STORY_TITLES_BUDGET_BYTES = 5e3;
var STORY_TITLE_MAX_BYTES = 120;
var STATE_LIST_CAPS = {
  routedCommands: 20,
  /** Below `approvals.required` (at most 10) distinct approvers, on up to three channels each. */
  approvals: 30,
  approvedBy: 10,
  /** Specs of one spec PR (action/target.ts refuses more, and longer ids than SPEC_ID_MAX). */
  specs: 20,
  decisions: 8,
  /** Options of one decision, and maintainers' follow-up questions on it. */
  decisionOptions: 6,
  followUps: 3,
  openQuestions: 20,
  concerns: 20
};
var encoder = new TextEncoder();
function jsonBytes(value) {
  return encoder.encode(JSON.stringify(value)).length;
}
function stateBytes(s) {
  return jsonBytes(toWire(s));
}
function clipJsonBytes(text, maxBytes) {
  if (jsonBytes(text) <= maxBytes) return text;
  const budget = maxBytes - jsonBytes("\u2026");
  let used = 0;
  let end = 0;
  for (const ch of text) {
    const size = jsonBytes(ch) - 2;
    if (used + size > budget) break;
    used += size;
    end += ch.length;
  }
  return `${text.slice(0, end)}\u2026`;
}
function storyTitleBytes(stories) {
  return Math.min(
    STORY_TITLE_MAX_BYTES,
    Math.floor(STORY_TITLES_BUDGET_BYTES / Math.max(1, stories))
  );
}
function storyTitle(title, stories) {
  return clipJsonBytes(title.replace(/\s+/g, " ").trim(), storyTitleBytes(stories));
}
function sameStoryTitle(kept, title) {
  const full = title.replace(/\s+/g, " ").trim();
  if (kept === full) return true;
  return kept.endsWith("\u2026") && full.startsWith(kept.slice(0, -1));
}
function capNewest(list, max) {
  return list.length > max ? list.slice(list.length - max) : list;
}
function boundStructure(s) {
  const caps = STATE_LIST_CAPS;
  if (s.prd !== null) {
    const stories = s.prd.stories;
    for (const story of stories) story.title = storyTitle(story.title, stories.length);
  }
  s.routedCommands = capNewest(s.routedCommands, caps.routedCommands);
  const current = s.prd?.revision;
  if (current !== void 0) s.approvals = s.approvals.filter((a) => a.revision === current);
  s.approvals = capNewest(s.approvals, caps.approvals);
  s.approvedBy = capNewest(s.approvedBy, caps.approvedBy);
  s.specsDone = capNewest(s.specsDone, caps.specs);
  s.specsLeft = s.specsLeft.filter((id) => !s.specsDone.includes(id)).slice(0, caps.specs - s.specsDone.length);
  s.decisions = s.decisions.slice(0, caps.decisions).map((d) => ({
    ...d,
    options: d.options.slice(0, caps.decisionOptions),
    followUps: capNewest(d.followUps, caps.followUps)
  }));
  s.openQuestions = s.openQuestions.slice(0, caps.openQuestions);
  s.concerns = s.concerns.slice(0, caps.concerns);
  boundFollowUp(s.followUp);
  if (s.approvalReads !== void 0) {
    s.approvalReads.counted = capNewest(s.approvalReads.counted, caps.approvals);
  }
}
function clipFreeText(s, max) {
  const cut2 = (t) => t.length <= max ? t : max === 0 ? "" : `${t.slice(0, max - 1)}\u2026`;
  const cutOrNull = (t) => t === null ? null : cut2(t);
  s.verifierFeedback = cutOrNull(s.verifierFeedback);
  s.lastError = cutOrNull(s.lastError);
  s.stopReason = cutOrNull(s.stopReason);
  s.verdictProblem = cutOrNull(s.verdictProblem);
  if (s.invalidation !== null) s.invalidation.reason = cut2(s.invalidation.reason);
  s.openQuestions = s.openQuestions.map(cut2);
  s.concerns = s.concerns.map(cut2);
  s.planNotes = s.planNotes.map(cut2);
  s.feedback = s.feedback.map(cut2);
  s.qa = s.qa.map((e) => ({ ...e, question: cut2(e.question), answer: cut2(e.answer) }));
  s.decisions = s.decisions.map((d) => ({
    ...d,
    title: cut2(d.title),
    custom: cutOrNull(d.custom),
    context: cut2(d.context),
    rationale: cut2(d.rationale),
    options: d.options.map((o) => ({ ...o, label: cut2(o.label), description: cut2(o.description) })),
    followUps: d.followUps.map((f) => ({ question: cut2(f.question), answer: cut2(f.answer) }))
  }));
  if (s.understandAdvice !== null) {
    s.understandAdvice.reasons = s.understandAdvice.reasons.map(cut2);
    s.understandAdvice.topics = s.understandAdvice.topics.map(cut2);
  }
  clipFollowUp(s.followUp, cut2);
  if (s.ci != null) s.ci.note = cutOrNull(s.ci.note);
}
function fitState(s) {
  boundStructure(s);
  let dropped = 0;
  let total = stateBytes(s);
  const denied = s.approvalReads?.denied ?? [];
  while (total > STATE_BUDGET_BYTES && denied.length > 0) {
    denied.splice(0, Math.max(1, Math.ceil((total - STATE_BUDGET_BYTES) / 40)));
    total = stateBytes(s);
  }
  while (total > STATE_BUDGET_BYTES) {
    const lists = [s.planNotes, s.feedback, s.qa, s.followUp?.queued ?? []].filter(
      (l) => l.length > 0
    );
    if (lists.length === 0) break;
    const sizes = lists.map((l) => jsonBytes(l));
    const target = lists[sizes.indexOf(Math.max(...sizes))];
    let excess = total - STATE_BUDGET_BYTES;
    while (excess > 0 && target.length > 0) {
      excess -= jsonBytes(target.shift()) + 1;
      dropped += 1;
    }
    total = stateBytes(s);
  }
  for (const max of [2e3, 1e3, 500, 200, 80, 20, 0]) {
    if (total <= STATE_BUDGET_BYTES) break;
    clipFreeText(s, max);
    total = stateBytes(s);
  }
  return dropped;
}

// src/core/state-codec.ts
var STATUS_MARKER = "<!-- ralph:status -->";
var STATE_BLOCK_VERSION = 1;
var StateBlockError = class extends Error {
  constructor(message) {
    super(message);
    this.name = "StateBlockError";
  }
};
var STATE_BLOCK = /<!--\s*ralph:state\b([\s\S]*?)-->/g;
var BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
function encodeStateBlock(state) {
  const json = JSON.stringify(toWire(state));
  return `<!-- ralph:state v${STATE_BLOCK_VERSION} ${Buffer.from(json, "utf8").toString("base64")} -->`;
}
function findOne(body) {
  const blocks = [...body.matchAll(STATE_BLOCK)];
  if (blocks.length > 1) {
    throw new StateBlockError(`found ${blocks.length} state blocks; expected exactly one`);
  }
  return blocks[0] ?? null;
}
function isStatusComment(body) {
  return body.replace(/^\uFEFF/, "").trimStart().startsWith(STATUS_MARKER);
}
function decodeStateBlock(commentBody) {
  const block = findOne(commentBody);
  if (block === null) throw new StateBlockError("no state block");
  const words = (block[1] ?? "").trim().split(/\s+/);
  const versionWord = words[0] ?? "";
  const version2 = /^v(\d+)$/.exec(versionWord);
  if (!version2)
    throw new StateBlockError(
      `malformed state block: no version (got '${versionWord.slice(0, 20)}')`
    );
  if (Number(version2[1]) !== STATE_BLOCK_VERSION) {
    throw new StateBlockError(`unsupported version ${version2[1]}`);
  }
  if (words.length !== 2) throw new StateBlockError("not base64: expected one base64 payload");
  const payload = words[1] ?? "";
  if (!BASE64.test(payload)) throw new StateBlockError("not base64");
  let json;
  try {
    json = new TextDecoder("utf-8", { fatal: true }).decode(Buffer.from(payload, "base64"));
  } catch {
    throw new StateBlockError("not JSON: payload is not UTF-8");
  }
  let raw;
  try {
    raw = JSON.parse(json);
  } catch (error2) {
    throw new StateBlockError(`not JSON: ${error2.message}`);
  }
  if (typeof raw === "object" && raw !== null && "version" in raw) {
    const inside = raw.version;
    if (typeof inside === "number" && inside !== STATE_BLOCK_VERSION) {
      throw new StateBlockError(`unsupported version ${inside}`);
    }
  }
  const result = machineStateSchema.safeParse(fromWire(raw));
  if (!result.success) {
    throw new StateBlockError(`invalid state: ${formatZodIssues(result.error).join("; ")}`);
  }
  return result.data;
}

// src/core/render/status.ts
var PHASE_WORDS = {
  idle: "Idle",
  planning: "Planning",
  questions: "Waiting for answers",
  decisions: "Waiting for decisions",
  consensus: "Reviewing the plan (architect and critic)",
  awaiting_approval: "Waiting for approval",
  run_gate: "Approved, waiting for `/ralph run`",
  implementing: "Implementing",
  verifying: "Verifying",
  plan_invalidated: "Plan invalidated, re-planning",
  ci: "Every story verified, waiting for the repository's CI",
  done: "Done: every story verified",
  failed: "Failed",
  stopped: "Stopped"
};
var NEXT_STEP = {
  idle: "Comment `/ralph plan` to start planning.",
  planning: "Ralph is working. Comment `/ralph stop` to stop after the current step.",
  questions: "Answer the questions in a new comment, or comment `/ralph skip` to let Ralph use its best judgment.",
  decisions: "Reply with one line per decision (e.g. `D1: 2`), or comment `/ralph skip` to take the recommendations.",
  consensus: "Ralph is working. Comment `/ralph stop` to stop after the current step.",
  awaiting_approval: "Approve with `/approve`, a \u{1F44D} on the PRD comment, or an approving review on the pull request. Comment `/ralph revise <feedback>` to change the plan.",
  run_gate: "Comment `/ralph run` to start implementing.",
  implementing: "Ralph is working. Comment `/ralph stop` to stop after the current step.",
  verifying: "Ralph is working. Comment `/ralph stop` to stop after the current step.",
  plan_invalidated: "Ralph is re-planning with the verifier's reason. Comment `/ralph stop` to stop after the current step.",
  ci: "Ralph marks the pull request ready once the repository's checks on its head commit pass (no runner waits meanwhile); a red check starts a follow-up round that fixes it. Comment `/ralph status` to read the checks again.",
  done: "The pull request is ready for review. Humans merge. A review requesting changes (or `/ralph fix <what to change>`) starts a follow-up round on the same pull request.",
  failed: "Fix the cause if needed, then comment `/ralph run` to resume (this resets the circuit breaker), or `/ralph plan` to start over.",
  stopped: "Comment `/ralph run` to resume, or `/ralph plan` to start over."
};
var STORY_MARK = {
  passed: "\u2713",
  failed: "\u2717",
  running: "\u2026",
  pending: "\u2610"
};
function storyLine(story) {
  const attempts = counted(story.attempts, "attempt");
  const word = {
    passed: "verified",
    failed: "failed",
    running: "running",
    pending: "pending"
  }[story.status];
  const commit = story.commit === null ? "" : `, \`${story.commit.replace(/[^0-9a-f]/gi, "").slice(0, 7)}\``;
  const detail = story.attempts > 0 ? `${word}, ${attempts}${commit}` : word;
  return `- ${STORY_MARK[story.status]} **${agentInline(story.id, 80)}** ${agentInline(story.title, 200)} (${detail})`;
}
function storySection(state, room, storiesUrl) {
  const stories = state.prd?.stories ?? [];
  if (stories.length === 0) return [];
  const verified = stories.filter((s) => s.status === "passed").length;
  const lines = [`### Stories (${verified}/${stories.length} verified)`, ""];
  const more = (n) => storiesUrl ? `- \u2026 and ${n} more: [all stories in the PRD on the branch](${storiesUrl})` : `- \u2026 and ${n} more`;
  let used = lines.join("\n").length + more(stories.length).length + 2;
  let shown = 0;
  for (const story of stories) {
    const line = storyLine(story);
    if (used + line.length + 1 > room) break;
    lines.push(line);
    used += line.length + 1;
    shown += 1;
  }
  if (shown < stories.length) lines.push(more(stories.length - shown));
  lines.push("");
  return lines;
}
var MAX_SPECS_SHOWN = 20;
function specLine(state) {
  if (state.kind !== "spec_pr") return [];
  const current = state.specId !== null && !state.specsDone.includes(state.specId) ? [state.specId] : [];
  const left = state.specsLeft.filter((id) => !state.specsDone.includes(id) && id !== state.specId);
  const name = (id) => `\`${agentInline(id, 100).replace(/`/g, "")}\``;
  const all = [
    ...state.specsDone.map((id) => `\u2713 ${name(id)}`),
    ...current.map((id) => `\u2026 ${name(id)}`),
    ...left.map((id) => `\u2610 ${name(id)}`)
  ];
  if (all.length < 2) return [];
  const more = all.length > MAX_SPECS_SHOWN ? ` \xB7 \u2026 and ${all.length - MAX_SPECS_SHOWN} more` : "";
  return [
    `**Specs:** ${state.specsDone.length} of ${all.length} done: ${all.slice(0, MAX_SPECS_SHOWN).join(" \xB7 ")}${more}`,
    ""
  ];
}
function linkLines(state, options) {
  const links = [];
  const runUrl = options.runUrl ?? state.runUrl;
  if (runUrl) links.push(`[current run](${runUrl})`);
  if (options.logsUrl) links.push(`[logs](${options.logsUrl})`);
  if (options.prUrl) links.push(`[pull request](${options.prUrl})`);
  else if (state.prNumber !== null) links.push(`pull request #${state.prNumber}`);
  if (state.branch) links.push(`branch \`${agentInline(state.branch, 120).replace(/`/g, "")}\``);
  return links.length > 0 ? [`**Links:** ${links.join(" \xB7 ")}`, ""] : [];
}
function dispatchLine(state) {
  const d = state.parallelDispatch;
  if (d === void 0) return [];
  const ids = d.stories.map((id) => `**${agentInline(id, 80)}**`).join(", ");
  const run2 = d.runUrl === null ? "" : ` ([run](${d.runUrl}))`;
  return [
    `**Parallel runners:** ${ids} run at the same time, one runner each, from \`${d.base.slice(0, 12)}\`${run2}; Ralph combines them when all have ended.`,
    ""
  ];
}
var MAX_ROUND_STORIES_SHOWN = 10;
function followUpLine(state) {
  const f = state.followUp;
  if (f === null || f.rounds === 0) return [];
  const round = f.current;
  const waiting = f.queued.length > 0 ? ` \xB7 ${counted(f.queued.length, "more request")} waiting` : "";
  if (round === null) {
    return [`**Follow-up rounds:** ${f.rounds} done${waiting}`, ""];
  }
  const who = round.by === null ? "" : ` by @${agentInline(round.by, 40)}`;
  const named = round.stories.slice(0, MAX_ROUND_STORIES_SHOWN).map((st) => `**${agentInline(st.id, 40)}**`);
  const more = round.stories.length - named.length;
  if (more > 0) named.push(`\u2026 and ${more} more`);
  const stories = named.length > 0 ? `: ${named.join(", ")}` : "";
  const threads = round.feedback.threads.length;
  const answering = threads > 0 ? ` (answering ${counted(threads, "review thread")})` : "";
  return [
    `**Follow-up round ${round.number}** (${round.source}${who})${stories}${answering}${waiting}`,
    ""
  ];
}
function ciNoteLine(state) {
  const note = state.ci?.note ?? null;
  if (note === null || state.phase !== "done") return [];
  return [`**CI:** ${agentInline(note, 1e3)}`, ""];
}
function usageLine(state) {
  const { agentRuns, tokens, costUsd, replans } = state.counters;
  if (agentRuns === 0) return [];
  const parts = [counted(agentRuns, "agent run")];
  if (tokens > 0) parts.push(`${thousands(tokens)} tokens`);
  if (costUsd > 0) parts.push(`$${costUsd.toFixed(2)}`);
  if (replans > 0) parts.push(`${replans} re-plan${replans === 1 ? "" : "s"}`);
  return [`**Usage:** ${parts.join(" \xB7 ")}`, ""];
}
function approvalLine(state, required2) {
  const prd = state.prd;
  if (!prd || !["awaiting_approval", "run_gate"].includes(state.phase)) return [];
  const logins = [
    ...new Set(state.approvals.filter((a) => a.revision === prd.revision).map((a) => a.login))
  ];
  const who = logins.length > 0 ? ` (${logins.map((l) => `@${agentInline(l, 40)}`).join(", ")})` : "";
  return [
    `**Approvals:** ${logins.length} of ${required2} for PRD revision ${prd.number} (\`${prd.revision.slice(0, 12)}\`)${who}`,
    ""
  ];
}
function boundaryLines(options) {
  const notes = options.boundary ?? [];
  if (notes.length === 0) return [];
  return ["**Agent boundary:**", "", ...notes.map((n) => `- ${agentInline(n, 2e3)}`), ""];
}
function problemLines(state) {
  const lines = [];
  if (state.phase === "plan_invalidated" && state.invalidation) {
    lines.push(
      `**Plan invalidated** (attempt ${state.invalidation.attempt}): ${agentInline(state.invalidation.reason, 500)}`,
      ""
    );
  }
  if (state.phase === "stopped" && state.stopReason) {
    lines.push(`**Stopped because:** ${agentInline(state.stopReason, 500)}`, "");
  }
  const rejected = state.verifierFeedback?.trim().split("\n")[0] ?? "";
  if (state.currentStory !== null && rejected !== "" && state.phase !== "done") {
    lines.push(
      `**Last rejection (${agentInline(state.currentStory, 80)}):** ${agentInline(rejected, 500)}`,
      ""
    );
  }
  if (state.lastError) {
    const quoted = agentMarkdown(state.lastError, 2e3).split("\n").map((l) => `> ${l}`).join("\n");
    lines.push("**Last error:**", "", quoted, "");
  }
  return lines;
}
function closedPr(state) {
  const closed = state.prClosed;
  if (closed === null) return null;
  const over = "comment `/ralph plan` to start over on this issue with a new pull request.";
  const watch = `Ralph no longer watches #${closed.number} and starts nothing more for it.`;
  return closed.merged ? { heading: `Done: pull request #${closed.number} merged`, next: `${watch} To go on, ${over}` } : {
    heading: `Stopped: pull request #${closed.number} closed`,
    next: `${watch} Reopen it and comment \`/ralph run\` to go on with it, or ${over}`
  };
}
function humanPart(state, options, budget) {
  const closed = closedPr(state);
  const lines = [
    STATUS_MARKER,
    `## Ralph: ${closed?.heading ?? PHASE_WORDS[state.phase]}`,
    "",
    `**Next:** ${closed?.next ?? NEXT_STEP[state.phase]}`,
    ""
  ];
  if (budget !== null) {
    lines.push(...problemLines(state));
    lines.push(...approvalLine(state, options.approvalsRequired ?? 1));
    lines.push(...specLine(state));
    lines.push(...followUpLine(state));
    lines.push(...ciNoteLine(state));
    const after = [
      ...dispatchLine(state),
      ...linkLines(state, options),
      ...usageLine(state),
      ...boundaryLines(options)
    ];
    const room = budget - [...lines, ...after].join("\n").length - 1;
    lines.push(...storySection(state, room, options.storiesUrl ?? null));
    lines.push(...after);
  }
  return neutralizeCommandLines(lines.join("\n"));
}
function humanBudget(blockLength) {
  const left = GITHUB_COMMENT_LIMIT - STATUS_MARGIN - blockLength - 2;
  return Math.max(STATUS_HUMAN_MIN, Math.min(STATUS_HUMAN_MAX, left));
}
function renderStatusComment(state, options = {}) {
  const block = encodeStateBlock(state);
  const limit = GITHUB_COMMENT_LIMIT;
  const compose = (human) => `${human}
${block}
`;
  const full = compose(humanPart(state, options, humanBudget(block.length)));
  if (full.length <= limit) return full;
  const bare = compose(humanPart(state, options, null));
  if (bare.length <= limit) return bare;
  throw new StateBlockError(
    `state block too large for one comment: ${block.length} characters (limit ${limit})`
  );
}

// src/github/claim-cleanup.ts
var DELETES_PER_REQUEST = 50;
var MAX_PAGES = 20;
var SERIES = /\/status-(\d+)\/rev-(\d+)(?:-released)?$/;
function stillMatters(ref, keep) {
  const m = SERIES.exec(ref);
  return m !== null && Number(m[1]) === keep.comment && Number(m[2]) > keep.above;
}
async function cleanClaims(gh, issue2, keep) {
  const prefix = `${CLAIM_NAMESPACE}/issue-${issue2}/`;
  try {
    const refs = await matchingRefs(gh, prefix);
    const stale = refs.filter((r) => r.ref.startsWith(prefix) && !stillMatters(r.ref, keep));
    for (let i = 0; i < stale.length; i += DELETES_PER_REQUEST) {
      await deleteRefs(gh, stale.slice(i, i + DELETES_PER_REQUEST));
    }
    if (stale.length > 0) {
      gh.log.info(`#${issue2}: removed ${stale.length} state claims that can no longer matter`);
    }
    return stale.length;
  } catch (error2) {
    gh.log.warn(`#${issue2}: could not remove old state claims (${errorMessage(error2)})`);
    return 0;
  }
}
async function matchingRefs(gh, prefix) {
  const out = [];
  let res = await gh.client.request("GET /repos/{owner}/{repo}/git/matching-refs/{ref}", {
    ...repoParams(gh),
    ref: prefix.slice("refs/".length)
  });
  for (let page2 = 1; ; page2++) {
    out.push(...res.data);
    const next = /<([^>]+)>;\s*rel="next"/.exec(String(res.headers?.link ?? ""))?.[1];
    if (next === void 0 || page2 >= MAX_PAGES) return out;
    res = await gh.client.request(`GET ${next}`);
  }
}
async function deleteRefs(gh, refs) {
  const variables = Object.fromEntries(refs.map((r, i) => [`r${i}`, r.node_id]));
  const params = refs.map((_, i) => `$r${i}: ID!`).join(", ");
  const fields = refs.map((_, i) => `d${i}: deleteRef(input: { refId: $r${i} }) { clientMutationId }`).join("\n");
  await gh.client.graphql(`mutation (${params}) {
${fields}
}`, variables);
}

// src/github/status-lookup.ts
function isOwnStatus(gh, comment) {
  return isOwnComment(gh, comment) && isStatusComment(comment.body);
}
function foreignStatuses(gh, comments) {
  return comments.filter((c) => isStatusComment(c.body) && !isOwnComment(gh, c));
}
function statusOf(own2, foreign, readAt) {
  if (own2 === null) return { kind: "none", foreign };
  try {
    const state = decodeStateBlock(own2.body);
    return {
      kind: "ok",
      comment: own2,
      state,
      foreign,
      ...readAt === void 0 ? {} : { readAt }
    };
  } catch (error2) {
    return {
      kind: "broken",
      comment: own2,
      error: error2 instanceof Error ? error2.message : String(error2),
      foreign
    };
  }
}
var StateConflictError = class extends Error {
  name = "StateConflictError";
};
var ClaimsUnavailableError = class extends Error {
  name = "ClaimsUnavailableError";
};
function savedLookup(saved) {
  const { comment, state, readAt } = saved;
  return { kind: "ok", comment, state, foreign: [], ...readAt === void 0 ? {} : { readAt } };
}

// src/github/claim-write.ts
var MAX_ORPHANS = 3;
async function claimWithin(gh, ref, readAt, timing) {
  try {
    return await claim2(gh, ref, readAt + timing.holdMs, timing.now);
  } catch (error2) {
    if (error2 instanceof ClaimHoldExpiredError) throw new StateConflictError(error2.message);
    throw error2;
  }
}
async function settleFailedWrite(gh, ref, error2, current, read, claimedRevision) {
  if (!answered(error2)) return null;
  let now;
  try {
    now = await current();
  } catch {
    return null;
  }
  if (now === claimedRevision) return true;
  if (now === read) await releaseClaim(gh, ref, errorMessage(error2));
  return null;
}
function answered(error2) {
  return httpStatus(error2) !== null && error2.response !== void 0;
}
function rested(previous, timing) {
  const at = previous.savedAt === null ? Number.NaN : Date.parse(previous.savedAt);
  return Number.isFinite(at) && timing.now() - at >= claimsSettleMs(timing);
}
function stampState(state, previous, timing) {
  const now = new Date(timing.now()).toISOString();
  if (previous === null || previous.phase !== state.phase) {
    return { ...state, savedAt: now, phaseSince: now };
  }
  const phaseSince = state.phaseSince ?? previous.phaseSince;
  return { ...state, savedAt: now, phaseSince };
}
function orphanWarning(ref, read, timing) {
  return `${ref} was claimed but not saved for ${Math.round(timing.graceMs / 1e3)} s (the state stays at revision ${read}): its writer stopped between claiming and saving; moving past it`;
}
async function noteOrphans(gh, issue2, skipped, timing) {
  const refs = skipped.map((r) => `\`${r}\``).join(", ");
  const body = `Ralph moved past an unfinished save of this issue's state: ${refs} was claimed by a writer that never saved it within ${Math.round(timing.graceMs / 1e3)} s (a run stopped between claiming and saving). Nothing saved before is lost; whatever that writer was about to save was not saved, and Ralph continued from the last saved state.`;
  try {
    await createComment(gh, issue2, body);
  } catch (error2) {
    gh.log.warn(`could not note the skipped state claim on #${issue2}: ${errorMessage(error2)}`);
  }
}

// src/core/seen-comments.ts
var SEEN_COMMENTS_KEPT = 50;
function commentFloor(w) {
  return w.commentFloor ?? w.commentId;
}
function isCommentSeen(w, id) {
  return id <= commentFloor(w) || (w.comments ?? []).includes(id);
}
function markCommentsSeen(w, ids) {
  let floor = commentFloor(w);
  const fresh = [...ids].filter((id) => id > floor);
  if (fresh.length === 0) return w;
  let kept = [.../* @__PURE__ */ new Set([...w.comments ?? [], ...fresh])].sort((a, b) => a - b);
  if (kept.length > SEEN_COMMENTS_KEPT) {
    floor = Math.max(floor, kept[kept.length - SEEN_COMMENTS_KEPT - 1] ?? floor);
    kept = kept.slice(kept.length - SEEN_COMMENTS_KEPT);
  }
  return {
    ...w,
    commentId: Math.max(w.commentId, ...fresh),
    commentFloor: floor,
    comments: kept
  };
}
function raiseCommentFloor(w, floor) {
  if (floor <= commentFloor(w)) return w;
  return {
    ...w,
    commentId: Math.max(w.commentId, floor),
    commentFloor: floor,
    comments: (w.comments ?? []).filter((id) => id > floor)
  };
}
function firstWatermark(w, firstRead, newestListed) {
  const floor = firstRead === null ? newestListed : Math.max(0, firstRead - 1);
  return { ...w, commentFloor: Math.max(commentFloor(w), floor), comments: [] };
}

// src/github/graphql-comment.ts
var COMMENT_FIELDS = "id databaseId body createdAt url author { __typename login }";
function restUser(actor) {
  if (!actor) return null;
  const bot = actor.__typename === "Bot";
  const login = bot && !actor.login.endsWith("[bot]") ? `${actor.login}[bot]` : actor.login;
  return { login, type: bot ? "Bot" : "User" };
}
function fromGraphql(raw) {
  if (!raw || typeof raw.databaseId !== "number") return null;
  return {
    id: raw.databaseId,
    node_id: raw.id,
    body: raw.body ?? "",
    user: restUser(raw.author),
    created_at: raw.createdAt,
    html_url: raw.url
  };
}
async function graphqlPartial(gh, query, variables) {
  try {
    return { data: await gh.client.graphql(query, variables), errors: [] };
  } catch (error2) {
    const partial2 = error2;
    const notFoundOnly = Array.isArray(partial2.errors) && partial2.errors.every((e) => e.type === "NOT_FOUND");
    if (partial2.data !== void 0 && partial2.data !== null && notFoundOnly) {
      return { data: partial2.data, errors: partial2.errors ?? [] };
    }
    throw error2;
  }
}

// src/github/status-pointer.ts
var STATUS_POINTERS = "refs/ralph/status";
function statusPointerPrefix(issue2) {
  return `${STATUS_POINTERS}/issue-${issue2}/`;
}
function statusPointerRef(issue2, commentId) {
  return `${statusPointerPrefix(issue2)}comment-${commentId}`;
}
function pointedIds(names) {
  const ids = names.flatMap((name) => {
    const match = /^comment-(\d+)$/.exec(name);
    return match?.[1] === void 0 ? [] : [Number(match[1])];
  });
  return [...new Set(ids)].sort((a, b) => a - b);
}
async function dropStatusPointer(gh, issue2, commentId) {
  await deleteRalphRef(gh, statusPointerRef(issue2, commentId), "drop the status pointer");
}
async function createStatusPointer(gh, issue2, commentId) {
  try {
    await claim2(gh, statusPointerRef(issue2, commentId));
  } catch (error2) {
    gh.log.warn(`could not point at the status comment of #${issue2}: ${errorMessage(error2)}`);
  }
}

// src/github/issue-read.ts
var MAX_HISTORY_PAGES = 300;
var PAGE = 100;
var CONVERSATION = `number title body author { __typename login }
      labels(first: 100) @include(if: $first) { nodes { name } }
      comments(last: ${PAGE}, before: $before) {
        pageInfo { hasPreviousPage startCursor }
        nodes { ${COMMENT_FIELDS} }
      }`;
var READ = `query RalphIssueRead($owner: String!, $repo: String!, $number: Int!, $before: String, $first: Boolean!, $pointers: String!, $claims: String!, $status: ID!, $withStatus: Boolean!) {
  repository(owner: $owner, name: $repo) {
    conversation: issueOrPullRequest(number: $number) {
      __typename
      ... on Issue { ${CONVERSATION} }
      ... on PullRequest { ${CONVERSATION} }
    }
    pointers: refs(refPrefix: $pointers, first: 10) @include(if: $first) { nodes { name } }
    claims: refs(refPrefix: $claims, first: 1) @include(if: $first) { totalCount }
  }
  status: node(id: $status) @include(if: $withStatus) { ... on IssueComment { ${COMMENT_FIELDS} } }
}`;
async function fetchPage(gh, number3, options) {
  const { data } = await graphqlPartial(gh, READ, {
    ...repoParams(gh),
    number: number3,
    before: options.before,
    first: options.first,
    pointers: statusPointerPrefix(number3),
    claims: `${CLAIM_NAMESPACE}/issue-${number3}/`,
    status: options.status ?? "",
    withStatus: options.status !== null
  });
  const answer = data;
  const repo = answer.repository;
  return {
    conversation: repo?.conversation ?? null,
    pointers: (repo?.pointers?.nodes ?? []).flatMap((n) => n ? [n.name] : []),
    claims: repo?.claims?.totalCount ?? 0,
    status: fromGraphql(answer.status)
  };
}
var Window = class {
  constructor(gh, number3, maxPages) {
    this.gh = gh;
    this.number = number3;
    this.maxPages = maxPages;
  }
  gh;
  number;
  maxPages;
  list = [];
  hasPrevious = false;
  pages = 0;
  cursor = null;
  add(page2) {
    const connection = page2.conversation?.comments;
    const fresh = (connection?.nodes ?? []).flatMap((n) => {
      const c = fromGraphql(n);
      return c === null ? [] : [c];
    });
    this.list.unshift(...fresh.sort((a, b) => a.id - b.id));
    this.hasPrevious = connection?.pageInfo.hasPreviousPage ?? false;
    this.cursor = connection?.pageInfo.startCursor ?? null;
    this.pages += 1;
  }
  get oldest() {
    return this.list[0]?.id ?? Number.POSITIVE_INFINITY;
  }
  get from() {
    return this.hasPrevious ? Math.max(0, this.oldest - 1) : 0;
  }
  /** Reads back until `enough` or the start; false when MAX_HISTORY_PAGES stopped it first. */
  async extend(enough) {
    while (this.hasPrevious && !enough()) {
      if (this.pages >= this.maxPages) return false;
      const before = this.cursor;
      this.add(await fetchPage(this.gh, this.number, { first: false, before, status: null }));
    }
    return true;
  }
};
var found = /* @__PURE__ */ new WeakMap();
function foundIn(gh) {
  let map = found.get(gh.client);
  if (map === void 0) {
    map = /* @__PURE__ */ new Map();
    found.set(gh.client, map);
  }
  return map;
}
var keyOf = (gh, issue2) => `${gh.owner}/${gh.repo}#${issue2}`.toLowerCase();
function rememberStatus(gh, issue2, comment) {
  foundIn(gh).set(keyOf(gh, issue2), { id: comment.id, nodeId: comment.node_id ?? null });
}
async function commentById(gh, id) {
  try {
    return await getComment(gh, id);
  } catch (error2) {
    if (isNotFound(error2)) return null;
    throw error2;
  }
}
function ralphWasHere(first) {
  const labels = (first.conversation?.labels?.nodes ?? []).flatMap((n) => n ? [n.name] : []);
  return first.claims > 0 || labels.some((l) => ALL_PHASE_LABELS.includes(l));
}
async function locateStatus(gh, number3, first, window, cached2) {
  const pointers = pointedIds(first.pointers);
  const inHand = [...window.list, ...first.status ? [first.status] : []].filter(
    (c) => isOwnStatus(gh, c)
  );
  const ids = [.../* @__PURE__ */ new Set([...inHand.map((c) => c.id), ...pointers])].sort((a, b) => a - b);
  for (const id of ids) {
    const comment = inHand.find((c) => c.id === id) ?? await commentById(gh, id);
    if (comment === null && pointers.includes(id)) await dropStatusPointer(gh, number3, id);
    if (comment !== null && isOwnStatus(gh, comment)) {
      return { own: comment, scanned: false, cut: false };
    }
  }
  if (ids.length > 0 || cached2 !== void 0 || !window.hasPrevious || !ralphWasHere(first)) {
    return { own: null, scanned: false, cut: false };
  }
  const complete = await window.extend(() => false);
  const own2 = window.list.find((c) => isOwnStatus(gh, c)) ?? null;
  return { own: own2, scanned: own2 !== null, cut: !complete && own2 === null };
}
async function readIssue(gh, number3, options = {}) {
  const cache = foundIn(gh);
  const cached2 = cache.get(keyOf(gh, number3));
  const readAt = claimTiming(gh).now();
  const first = await fetchPage(gh, number3, {
    first: true,
    before: null,
    status: cached2?.nodeId ?? null
  });
  const window = new Window(gh, number3, options.maxPages ?? MAX_HISTORY_PAGES);
  window.add(first);
  const located = await locateStatus(gh, number3, first, window, cached2);
  const status = statusOf(located.own, [], readAt);
  let cutAt = located.cut ? window.oldest : null;
  if (located.own !== null) {
    cache.set(keyOf(gh, number3), { id: located.own.id, nodeId: located.own.node_id ?? null });
    if (located.scanned) await createStatusPointer(gh, number3, located.own.id);
  }
  if (status.kind === "ok" && options.statusOnly !== true) {
    const floor = commentFloor(status.state.watermark);
    if (!await window.extend(() => window.oldest <= floor)) cutAt = window.oldest;
  }
  return {
    issue: issueOf(first),
    known: { list: window.list, from: window.from },
    status: { ...status, foreign: foreignStatuses(gh, window.list) },
    cutAt
  };
}
function issueOf(first) {
  const c = first.conversation;
  if (c === null) return null;
  return {
    number: c.number,
    author: restUser(c.author)?.login ?? null,
    title: c.title,
    body: c.body ?? "",
    isPullRequest: c.__typename === "PullRequest",
    labels: (c.labels?.nodes ?? []).flatMap((n) => n ? [n.name] : [])
  };
}

// src/github/status-first.ts
async function saveFirst(gh, issue2, state, links) {
  const timing = claimTiming(gh);
  const next = (claimed2) => redactDeep(gh, stampState({ ...state, revision: 1, claimed: claimed2 }, null, timing));
  renderStatusComment(next(true), redactDeep(gh, links));
  const readAt = timing.now();
  const read = await readIssue(gh, issue2, { statusOnly: true });
  if (read.status.kind !== "none") {
    throw new StateConflictError("a status comment appeared meanwhile");
  }
  const listed = read.known.list;
  const latestHuman = Math.max(0, ...listed.filter((c) => !isBotUser(c.user)).map((c) => c.id));
  const appeared = async () => (await readIssue(gh, issue2, { statusOnly: true })).status.kind !== "none";
  const skipped = [];
  let passed = 0;
  let ref = firstClaimRef(issue2, latestHuman);
  let claimedAt = timing.now();
  let result = await claimWithin(gh, ref, readAt, timing);
  while (result === "taken") {
    const seen = await awaitClaimHolder(timing, appeared, () => isReleased(gh, ref));
    if (seen === "moved" || passed >= MAX_ORPHANS) {
      throw new StateConflictError(`${ref} is already claimed by another writer`);
    }
    if (seen === "orphaned") {
      gh.log.warn(orphanWarning(ref, 0, timing));
      skipped.push(ref);
    }
    passed += 1;
    ref = firstClaimRef(issue2, latestHuman, passed);
    claimedAt = timing.now();
    result = await claimWithin(gh, ref, timing.now(), timing);
  }
  const claimed = result === "claimed";
  const first = next(claimed);
  const left = claimed ? claimedAt + timing.graceMs * CLAIM_WRITE_SHARE - timing.now() : 1;
  if (left <= 0) {
    if (claimed) await releaseClaim(gh, ref, "its write deadline passed before it was sent");
    throw new StateConflictError(`${ref} expired before its write; nothing saved`);
  }
  let comment;
  try {
    comment = await createComment(gh, issue2, renderStatusComment(first, redactDeep(gh, links)), {
      redacted: true,
      ...claimed ? { signal: AbortSignal.timeout(left) } : {}
    });
  } catch (error2) {
    if (claimed && answered(error2) && !await appeared().catch(() => true)) {
      await releaseClaim(gh, ref, errorMessage(error2));
    }
    throw error2;
  }
  const savedAt = timing.now();
  if (skipped.length > 0) await noteOrphans(gh, issue2, skipped, timing);
  rememberStatus(gh, issue2, comment);
  await createStatusPointer(gh, issue2, comment.id);
  return { comment, state: first, readAt: savedAt };
}

// src/github/status.ts
async function loadStatus(gh, issue2) {
  return (await readIssue(gh, issue2, { statusOnly: true })).status;
}
async function saveStatus(gh, issue2, previous, state, links) {
  if (previous.kind === "broken") {
    throw new StateConflictError("the status comment's state block is broken; refusing to save");
  }
  if (previous.kind === "ok") return saveOver(gh, issue2, previous, state, links);
  return saveFirst(gh, issue2, state, links);
}
async function readRevision(gh, comment) {
  const current = await getComment(gh, comment);
  try {
    return decodeStateBlock(current.body).revision;
  } catch (error2) {
    throw new StateConflictError(`status comment changed under us: ${String(error2)}`);
  }
}
async function saveOver(gh, issue2, previous, state, links) {
  const timing = claimTiming(gh);
  const read = previous.state.revision;
  const moved = async () => await readRevision(gh, previous.comment.id) !== read;
  const render = (revision2, claimed2) => {
    const next = redactDeep(
      gh,
      stampState({ ...state, revision: revision2, claimed: claimed2 }, previous.state, timing)
    );
    return { next, body: renderStatusComment(next, redactDeep(gh, links)) };
  };
  render(read + 1, true);
  let readAt = previous.readAt ?? timing.now();
  if (timing.now() - readAt > timing.holdMs) {
    if (await moved()) throw new StateConflictError(`state revision moved past ${read}`);
    readAt = timing.now();
  }
  const skipped = [];
  let revision = read + 1;
  let ref = claimRef(issue2, previous.comment.id, revision);
  let claimedAt = timing.now();
  let result = await claimWithin(gh, ref, readAt, timing);
  while (result === "taken") {
    const seen = await awaitClaimHolder(timing, moved, () => isReleased(gh, ref));
    if (seen === "moved" || skipped.length >= MAX_ORPHANS) {
      throw new StateConflictError(`${ref} is already claimed by another writer`);
    }
    if (seen === "orphaned") gh.log.warn(orphanWarning(ref, read, timing));
    else gh.log.info(`${ref} was released by its writer (its save failed); moving past it`);
    if (seen === "orphaned") skipped.push(ref);
    readAt = timing.now();
    revision += 1;
    ref = claimRef(issue2, previous.comment.id, revision);
    claimedAt = timing.now();
    result = await claimWithin(gh, ref, readAt, timing);
  }
  if (result === "unavailable" && previous.state.claimed === true) {
    throw new ClaimsUnavailableError(
      `the state of issue #${issue2} is saved under claims (${ref}), but this token cannot create one; nothing saved`
    );
  }
  if (result === "unavailable" || previous.state.claimed !== true) {
    const current = await readRevision(gh, previous.comment.id);
    if (current !== read) {
      throw new StateConflictError(`state revision moved from ${read} to ${current}`);
    }
  }
  const claimed = result === "claimed";
  const held = claimed ? ref : null;
  let written;
  try {
    written = render(revision, claimed);
  } catch (error2) {
    if (held !== null) await releaseClaim(gh, held, errorMessage(error2));
    throw error2;
  }
  const left = claimed ? claimedAt + timing.graceMs * CLAIM_WRITE_SHARE - timing.now() : 1;
  if (left <= 0) {
    if (held !== null) await releaseClaim(gh, held, "its write deadline passed before it was sent");
    throw new StateConflictError(`${ref} expired before its write; nothing saved`);
  }
  let comment;
  try {
    comment = await updateComment(gh, previous.comment.id, written.body, {
      redacted: true,
      ...claimed ? { signal: AbortSignal.timeout(left) } : {}
    });
  } catch (error2) {
    const applied = held === null ? null : await settleFailedWrite(
      gh,
      held,
      error2,
      () => readRevision(gh, previous.comment.id),
      read,
      revision
    );
    if (applied === null) throw error2;
    comment = await getComment(gh, previous.comment.id);
  }
  const readAtSave = timing.now();
  if (skipped.length > 0) await noteOrphans(gh, issue2, skipped, timing);
  if (claimed && rested(previous.state, timing)) {
    await cleanClaims(gh, issue2, { comment: previous.comment.id, above: read });
  }
  return { comment, state: written.next, readAt: readAtSave };
}

// src/reconcile/routing.ts
function issueForPullRequest(pr, config2) {
  if (pr.head.ref.startsWith(config2.branch_prefix)) {
    const match = /\bCloses #(\d+)\b/i.exec(pr.body ?? "");
    if (match?.[1] !== void 0) return Number(match[1]);
  }
  return pr.number;
}
var FAILED_CONCLUSIONS = ["failure", "cancelled", "timed_out", "startup_failure"];
async function issueForRun(gh, run2) {
  const fromTitle = runIssueNumber(run2);
  if (fromTitle !== null) return fromTitle;
  const labels = [
    ...new Set(AGENT_PHASES.map((phase) => PHASE_LABELS[phase]).filter((l) => l !== null))
  ];
  for (const label of labels) {
    const issues = await paginate(gh, "GET /repos/{owner}/{repo}/issues", {
      labels: label,
      state: "open"
    });
    for (const issue2 of issues) {
      const status = await loadStatus(gh, issue2.number);
      if (status.kind === "ok" && runIdFromUrl(status.state.runUrl) === run2.id) return issue2.number;
    }
  }
  return null;
}
async function runFailureFor(gh, config2, run2, issue2) {
  if (!FAILED_CONCLUSIONS.includes(run2.conclusion ?? "")) return false;
  if (!isRalphWorkflowRun(run2, config2.workflow)) return false;
  if (run2.conclusion === "cancelled") {
    const others = await findActiveRuns(gh, config2.workflow, issue2);
    if (others.some((r) => r.id !== run2.id)) return false;
  }
  return true;
}

// src/reconcile/issue-info.ts
function pullAsIssue(pull) {
  return { ...toIssueInfo(pull), isPullRequest: true };
}
function toIssueInfo(raw) {
  return {
    number: raw.number,
    author: raw.user?.login ?? null,
    title: raw.title,
    body: raw.body ?? "",
    isPullRequest: raw.pull_request !== void 0 && raw.pull_request !== null,
    labels: (raw.labels ?? []).map((l) => typeof l === "string" ? l : l.name ?? "").filter((l) => l !== "")
  };
}
async function fetchIssueInfo(gh, issue2) {
  const res = await gh.client.request("GET /repos/{owner}/{repo}/issues/{issue_number}", {
    ...repoParams(gh),
    issue_number: issue2
  });
  return toIssueInfo(res.data);
}
function issueGoal(issue2) {
  return `${issue2.title}

${issue2.body}`.trim();
}
function ralphPullOwner(gh, pull, config2) {
  const issue2 = issueForPullRequest(pull, config2);
  const byRalph = isBotUser(pull.user) || pull.user?.login === gh.botLogin;
  return issue2 !== pull.number && byRalph ? issue2 : null;
}
function isSpecFile(config2, filename) {
  const specsDir = `${homePaths(config2.ralph_home).specsDir}/`;
  if (!filename.startsWith(specsDir) || !filename.endsWith(".md")) return false;
  const rel = filename.slice(specsDir.length);
  const top = rel.split("/")[0];
  return !["plans", "done", "candidates", "sessions"].includes(top ?? "");
}
async function classifyPullRequest(gh, pr, config2) {
  const pull = await getPullRequest(gh, pr);
  if (isForkPullRequest(gh, pull)) return { kind: "fork" };
  const issue2 = ralphPullOwner(gh, pull, config2);
  if (issue2 !== null) return { kind: "ralph", issue: issue2 };
  const files = await listPullRequestFiles(gh, pr);
  return files.some((f) => f.status !== "removed" && isSpecFile(config2, f.filename)) ? { kind: "spec" } : { kind: "other" };
}
var FORK_REFUSAL_KEY = "fork-refused";
var FORK_REFUSAL = [
  "**Ralph does not work on pull requests from forks.**",
  "",
  "Ralph pushes plans and code to the pull request's branch and runs agents with this repository's secrets; a fork's branch can't be pushed to, and running a fork's code with secrets is unsafe. Nothing was run.",
  "",
  "To use Ralph, push the spec files to a branch of this repository and open the pull request from there, or open an issue with the goal."
].join("\n");
var NOT_A_SPEC_PR_KEY = "not-a-spec-pr";
function notSpecPrMessage(config2) {
  return `Ralph plans issues and spec pull requests (pull requests that add or change spec files under \`${homePaths(config2.ralph_home).specsDir}/\`). This pull request changes no spec file, so Ralph has nothing to plan here.`;
}
var RALPH_PR_KEY = "ralph-pr";
function ralphPrMessage(issue2) {
  return `This is Ralph's pull request for #${issue2}. Ralph's conversation lives on the issue: commands (\`/ralph \u2026\`, \`/approve\`) commented here or on #${issue2} go to it, and reviews here count as approvals or change requests. A trigger label belongs on #${issue2}.`;
}

// src/reconcile/pr-events.ts
function pullRequestEndEvent(signal) {
  if (signal.kind === "pr_closed")
    return { type: "pr_closed", pr: signal.pr, merged: signal.merged };
  if (signal.kind === "pr_reopened") return { type: "pr_reopened", pr: signal.pr };
  return null;
}
var PHASE_LABEL_NAMES = new Set(Object.values(PHASE_LABELS).filter((l) => l !== null));
function closedPullOwner(gh, pull, config2) {
  const owner = ralphPullOwner(gh, pull, config2);
  if (owner !== null) return owner;
  const labels = (pull.labels ?? []).map((l) => l.name ?? "");
  return labels.some((l) => PHASE_LABEL_NAMES.has(l)) ? pull.number : null;
}
function mayBeRalphPull(gh, pull) {
  const byBot = isBotUser(pull.user) || pull.user?.login === gh.botLogin;
  return byBot && /\bCloses #\d+\b/i.test(pull.body ?? "");
}
async function ciEventTargets(gh, event, config2) {
  const pulls = event.pulls ?? [];
  const branches = event.branches ?? [];
  if (pulls.length === 0 && branches.length === 0) return [];
  const { branch_prefix: prefix } = await config2();
  const candidates = /* @__PURE__ */ new Map();
  for (const p of pulls) {
    if (p.head.ref.startsWith(prefix) && p.head.sha === event.sha) candidates.set(p.number, null);
  }
  for (const branch of branches.filter((b) => b.startsWith(prefix)).slice(0, 5)) {
    const open2 = await paginate(
      gh,
      "GET /repos/{owner}/{repo}/pulls",
      { head: `${gh.owner}:${branch}`, state: "open" },
      1
    );
    for (const p of open2) if (p.head.sha === event.sha) candidates.set(p.number, null);
  }
  const targets2 = [];
  for (const number3 of candidates.keys()) {
    const pull = await getPullRequest(gh, number3);
    if (isForkPullRequest(gh, pull) || pull.state !== "open" || pull.head.sha !== event.sha) {
      continue;
    }
    const issue2 = ralphPullOwner(gh, pull, await config2());
    if (issue2 !== null) targets2.push({ issue: issue2, pr: number3, sha: event.sha });
  }
  return targets2;
}

// src/app/after-pr-handlers.ts
function onAfterPrEvents(app, rt) {
  const on = rt.listen(app);
  on(["pull_request.closed", "pull_request.reopened"], async (context) => {
    const p = context.payload;
    const pull = p.pull_request;
    const gh = await rt.fromContext(app, context);
    const owner = closedPullOwner(gh, pull, await rt.configOrDefault(gh));
    if (owner === null) return;
    await rt.run(
      gh,
      owner === pull.number ? pullAsIssue(pull) : owner,
      p.action === "closed" ? { kind: "pr_closed", pr: pull.number, merged: pull.merged === true } : { kind: "pr_reopened", pr: pull.number },
      p.repository.html_url
    );
  });
  on("check_suite.completed", async (context) => {
    const p = context.payload;
    const suite = p.check_suite;
    await touchOwners(app, rt, context, { sha: suite.head_sha, pulls: suite.pull_requests ?? [] });
  });
  on("check_run.completed", async (context) => {
    const p = context.payload;
    const run2 = p.check_run;
    if (!FAILING_CHECK_CONCLUSIONS.includes(run2.conclusion ?? "")) return;
    await touchOwners(app, rt, context, { sha: run2.head_sha, pulls: run2.pull_requests ?? [] });
  });
  on("status", async (context) => {
    const p = context.payload;
    if (p.state === "pending") return;
    await touchOwners(app, rt, context, {
      sha: p.sha,
      branches: (p.branches ?? []).map((b) => b.name)
    });
  });
}
async function routeRalphPrPush(app, rt, context, pull, sender) {
  const gh = await rt.fromContext(app, context);
  if (!mayBeRalphPull(gh, pull)) return false;
  const owner = ralphPullOwner(gh, pull, await rt.configOrDefault(gh));
  if (owner === null) return false;
  if (!isBotUser(sender) && sender?.login !== gh.botLogin) {
    await rt.run(gh, owner, { kind: "ci", pr: pull.number, sha: pull.head.sha });
  }
  return true;
}
async function touchOwners(app, rt, context, event) {
  if ((event.pulls ?? []).length === 0 && (event.branches ?? []).length === 0) return;
  const gh = await rt.fromContext(app, context);
  const repoUrl = context.payload.repository.html_url;
  for (const target of await ciEventTargets(gh, event, () => rt.configOrDefault(gh))) {
    await rt.run(gh, target.issue, { kind: "ci", pr: target.pr, sha: target.sha }, repoUrl);
  }
}

// src/core/agent-network.ts
var NAME = /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?$/;
var IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
var IPV6 = /^[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*$/;
var HostEntryError = class extends Error {
  name = "HostEntryError";
};
function portOf(text, entry) {
  const port = Number(text);
  if (!/^\d{1,5}$/.test(text) || port < 1 || port > 65535)
    throw new HostEntryError(`'${entry}': the port must be a number from 1 to 65535`);
  return port;
}
function parseHostEntry(entry) {
  const text = entry.trim();
  if (text.includes("*") || text.includes("/"))
    throw new HostEntryError(
      `'${entry}': wildcards, paths and ranges are not supported: list each host name (it is resolved to its addresses)`
    );
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(text);
  if (bracketed) {
    const host2 = bracketed[1] ?? "";
    if (!IPV6.test(host2)) throw new HostEntryError(`'${entry}': not an IPv6 address`);
    return { host: host2, port: bracketed[2] === void 0 ? null : portOf(bracketed[2], entry) };
  }
  if (IPV6.test(text) && text.split(":").length > 2) return { host: text, port: null };
  const colon = text.lastIndexOf(":");
  const host = colon === -1 ? text : text.slice(0, colon);
  const port = colon === -1 ? null : portOf(text.slice(colon + 1), entry);
  if (!IPV4.test(host) && !NAME.test(host))
    throw new HostEntryError(`'${entry}': not a host name or an IP address`);
  return { host: host.toLowerCase().replace(/\.$/, ""), port };
}

// src/core/quality-gates.ts
function consensusApplies(planning, complexity) {
  return planning.consensus === "always" || planning.consensus === "auto" && complexity === "complex";
}
var DEFAULT_VAGUE_WORDS = [
  "works correctly",
  "work correctly",
  "works properly",
  "properly",
  "as expected",
  "improve",
  "improved",
  "optimize",
  "optimized",
  "better",
  "clean code",
  "user-friendly",
  "intuitive",
  "robust",
  "appropriate",
  "etc"
];
var EXTENSIONS = "tsx?|jsx?|mjs|cjs|py|rb|go|rs|java|kt|cs|cpp|c|h|hpp|md|json|ya?ml|toml|exs?|sql|html|css|scss|sh|php|swift|vue|svelte|txt|lock";
var PATH_MENTION = new RegExp(
  `(?<![\\w./:@-])(?:\\.\\/)?((?:[\\w.-]+\\/)*[\\w-][\\w.-]*\\.(?:${EXTENSIONS}))(?![\\w/-])`,
  "g"
);

// src/core/config.ts
var loginSchema = string2().min(1).refine((login) => !login.startsWith("@"), {
  error: (issue2) => `write the login without its @ (${String(issue2.input).slice(1)})`
});
var triggerSchema = strictObject({
  labels: array(string2().min(1)).default(["ralph"]),
  on_open: boolean2().default(false),
  // Assigning the issue to one of these logins (by a user with write access) starts planning.
  assignees: array(loginSchema).default([])
}).prefault({});
var approvalsSchema = strictObject({
  required: number2().int().min(1).max(10).default(1),
  min_permission: _enum(["read", "triage", "write", "maintain", "admin"]).default("write"),
  users: array(loginSchema).default([]),
  allow_author: boolean2().default(true),
  reactions: boolean2().default(true),
  reviews: boolean2().default(true)
}).prefault({});
var gatesSchema = strictObject({
  run: boolean2().default(false),
  replan: boolean2().default(true),
  // Follow-up rounds on Ralph's PR (review feedback, `/ralph fix`): `auto` — the request of a
  // user with write access is its own approval; `approve` — the amended PRD needs `/approve`.
  followup: _enum(["auto", "approve"]).default("auto")
}).prefault({});
var autoMode = _enum(["off", "auto", "always"]);
var planningSchema = strictObject({
  max_question_rounds: number2().int().min(0).max(20).default(3),
  research: autoMode.default("auto"),
  consensus: autoMode.default("auto"),
  consensus_max_rounds: number2().int().min(1).max(20).default(5),
  understand: _enum(["never", "auto", "always"]).default("auto"),
  // Quality gates before the Critic (seed 004): acceptance criteria using one of these words
  // without a measure are vague; a story with more criteria is too big for one run.
  vague_words: array(string2().min(1)).default([...DEFAULT_VAGUE_WORDS]),
  max_criteria_per_story: number2().int().min(1).max(50).default(8)
}).prefault({});
var limitsSchema = strictObject({
  max_attempts: number2().int().min(1).max(50).default(3),
  max_replans: number2().int().min(0).max(20).default(2),
  max_agent_runs: number2().int().min(1).max(1e3).default(40),
  phase_timeout_minutes: number2().positive().max(360).default(30),
  max_cost_usd: number2().positive().nullable().default(null),
  // The longest usage-limit wait Ralph sits out before retrying the agent (its `retry after`,
  // seed 001); a later reset ends the step with a usage_limit stop instead.
  max_usage_wait_minutes: number2().min(0).max(1440).default(360),
  // Follow-up rounds that answer a red check of the repository's CI on Ralph's PR.
  max_ci_fixes: number2().int().min(0).max(20).default(3),
  // Follow-up rounds per pull request (every source), on top of the run and cost limits.
  max_followups: number2().int().min(0).max(100).default(5)
}).prefault({});
var verifyModeSchema = _enum(["per_story", "per_spec"]);
var CI_DEFAULTS = { ci: "gate", ci_wait_minutes: 15 };
var verifySchema = union([
  verifyModeSchema.transform((mode) => ({
    mode,
    checks: [],
    check_timeout_minutes: 10,
    ...CI_DEFAULTS
  })),
  strictObject({
    mode: verifyModeSchema.default("per_story"),
    checks: array(string2().refine((c) => c.trim() !== "", { message: "must not be blank" })).max(20).default([]),
    check_timeout_minutes: number2().positive().max(360).default(10),
    // The repository's own CI on Ralph's PR: `gate` waits for its checks before "ready".
    ci: _enum(["gate", "off"]).default(CI_DEFAULTS.ci),
    // How long Ralph waits for a first check on the PR's head commit before it goes on without.
    ci_wait_minutes: number2().positive().max(1440).default(CI_DEFAULTS.ci_wait_minutes)
  })
]).prefault({});
var hostEntrySchema = string2().superRefine((entry, ctx) => {
  try {
    parseHostEntry(entry);
  } catch (error2) {
    if (!(error2 instanceof HostEntryError)) throw error2;
    ctx.addIssue({ code: "custom", message: error2.message });
  }
});
var ralphConfigSchema = strictObject({
  agent: _enum(["claude", "codex", "command"]).default("claude"),
  agent_command: string2().default(""),
  model: string2().default(""),
  // The agent CLI's own options, for what Ralph has no key of its own (a provider, a profile,
  // a tool an MCP server offers): appended to every claude / codex command line, in order.
  agent_args: array(string2()).default([]),
  // claude only: tools allowed on top of each role's own list (e.g. `Bash(make:*)`, `mcp__x`).
  // The read-only roles still deny edit tools, and Ralph still reverts what they change.
  allowed_tools: array(string2().min(1)).default([]),
  ralph_home: string2().min(1).refine((p) => !p.startsWith("/") && !p.split("/").includes(".."), {
    message: "must be a relative path inside the repository"
  }).default(".ralph"),
  branch_prefix: string2().min(1).regex(/^[A-Za-z0-9._/-]+$/, "may only hold letters, digits, '.', '_', '-' and '/'").default("ralph/"),
  trigger: triggerSchema,
  approvals: approvalsSchema,
  gates: gatesSchema,
  planning: planningSchema,
  limits: limitsSchema,
  verify: verifySchema,
  workflow: string2().min(1).default("ralph.yml"),
  // Seed 002 parallel groups (`ralph run` and the Action): at most this many stories of one
  // group at once, each in its own git worktree (1: one story at a time).
  parallel: strictObject({ max: number2().int().min(1).max(8).default(1) }).prefault({}),
  // DESIGN §7 rule 9, in the Action: the agent as its own OS user (`auto`: where the runner
  // allows it, else Ralph's user with a warning; `user`: required) and its egress.
  agent_isolation: _enum(["auto", "user", "off"]).default("auto"),
  agent_network: _enum(["open", "allowlist"]).default("open"),
  // null: the defaults for the agent (core/agent-network.ts); a list replaces them.
  agent_allowed_hosts: array(hostEntrySchema).max(200).nullable().default(null)
}).superRefine((cfg, ctx) => {
  if (cfg.agent === "command" && cfg.agent_command.trim() === "") {
    ctx.addIssue({
      code: "custom",
      path: ["agent_command"],
      message: "is required when agent is 'command'"
    });
  }
});
var ConfigError = class extends Error {
  constructor(message, issues) {
    super(message);
    this.issues = issues;
  }
  issues;
  name = "ConfigError";
};
function parseConfig(raw, source = ".github/ralph.yml") {
  const result = ralphConfigSchema.safeParse(raw ?? {}, { reportInput: true });
  if (result.success) return result.data;
  const issues = formatZodIssues(result.error, ralphConfigSchema);
  throw new ConfigError(`Invalid ${source}:
${issues.map((i) => `- ${i}`).join("\n")}`, issues);
}
function defaultConfig() {
  return ralphConfigSchema.parse({});
}

// src/github/config.ts
var import_yaml = __toESM(require_dist(), 1);
import { createHash as createHash3 } from "node:crypto";
var CONFIG_PATH = ".github/ralph.yml";
async function getFileText(gh, path, ref) {
  try {
    const res = await gh.client.request("GET /repos/{owner}/{repo}/contents/{path}", {
      ...repoParams(gh),
      path,
      ...ref === void 0 ? {} : { ref }
    });
    const data = res.data;
    if (Array.isArray(data) || data.type !== "file" || typeof data.content !== "string") {
      return null;
    }
    if (data.encoding === "base64") return Buffer.from(data.content, "base64").toString("utf8");
    return data.content;
  } catch (error2) {
    if (isNotFound(error2)) return null;
    throw error2;
  }
}
function parseConfigText(text, source = CONFIG_PATH) {
  let raw;
  try {
    raw = (0, import_yaml.parse)(text, { logLevel: "error" });
  } catch (error2) {
    const message = error2 instanceof import_yaml.YAMLParseError ? error2.message : String(error2);
    throw new ConfigError(`Invalid ${source}: not valid YAML:
- ${message}`, [message]);
  }
  return parseConfig(raw, source);
}
async function loadRepoConfig(gh, path = CONFIG_PATH) {
  const text = await configText(gh, path);
  if (text === null) return defaultConfig();
  return parseConfigText(text, path);
}
var configTexts = /* @__PURE__ */ new WeakMap();
function configText(gh, path) {
  let texts = configTexts.get(gh.client);
  if (texts === void 0) {
    texts = /* @__PURE__ */ new Map();
    configTexts.set(gh.client, texts);
  }
  const key = `${gh.owner}/${gh.repo}:${path}`;
  let text = texts.get(key);
  if (text === void 0) {
    text = getFileText(gh, path);
    texts.set(key, text);
    text.catch(() => texts.delete(key));
  }
  return text;
}
function configErrorKey(error2) {
  return `config-error:${createHash3("sha256").update(error2.message).digest("hex")}`;
}
function renderConfigError(error2) {
  const headline = (error2.message.split("\n")[0] ?? "Invalid configuration").replace(/:$/, "");
  const issues = error2.issues.map(
    (issue2) => issue2.includes("\n") ? ["```text", issue2.replace(/`{3,}/g, "'''").trimEnd(), "```"].join("\n") : `- \`${issue2.replace(/`/g, "'")}\``
  );
  return [
    `**Ralph can't run.** ${headline}.`,
    "",
    ...issues,
    "",
    "Fix the file on the default branch; nothing runs until it is valid."
  ].join("\n");
}
async function reportConfigError(gh, issue2, error2, known) {
  const posted = await postComment(gh, issue2, renderConfigError(error2), {
    key: configErrorKey(error2),
    ...known === void 0 ? {} : { known }
  });
  return posted.length > 0;
}

// src/reconcile/conflict-sweep.ts
var SWEPT_PULLS = 100;
async function openRalphPulls(gh, config2, skip2 = /* @__PURE__ */ new Set()) {
  const res = await gh.client.request("GET /repos/{owner}/{repo}/pulls", {
    owner: gh.owner,
    repo: gh.repo,
    state: "open",
    per_page: SWEPT_PULLS
  });
  return res.data.flatMap((p) => {
    const issue2 = mayBeRalphPull(gh, p) ? ralphPullOwner(gh, p, config2) : null;
    return issue2 === null || skip2.has(issue2) ? [] : [{ issue: issue2, pr: p.number }];
  });
}
async function conflictingPulls(gh, pulls, config2) {
  const out = [];
  for (const { pr: number3 } of pulls) {
    const res = await gh.client.request("GET /repos/{owner}/{repo}/pulls/{pull_number}", {
      owner: gh.owner,
      repo: gh.repo,
      pull_number: number3
    });
    const pull = res.data;
    if (pull.state !== "open" || !mayBeRalphPull(gh, pull)) continue;
    const issue2 = ralphPullOwner(gh, pull, config2);
    if (issue2 === null) continue;
    if (pull.mergeable === false || pull.mergeable_state === "dirty")
      out.push({ issue: issue2, pr: number3 });
  }
  return out;
}

// src/reconcile/lock.ts
var KeyedLock = class {
  tails = /* @__PURE__ */ new Map();
  run(key, task) {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(task, task);
    const tail = result.then(
      () => void 0,
      () => void 0
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }
  get size() {
    return this.tails.size;
  }
};

// src/core/ci-gate.ts
var ACTIONS_TOKEN_LOGIN = "github-actions[bot]";
function ciDeadline(waitingSince, minutes) {
  return Date.parse(waitingSince) + minutes * 6e4;
}
function ciGateDecision(input) {
  const { config: config2, verdict } = input;
  if (config2.verify.ci === "off") return { kind: "off" };
  switch (verdict.kind) {
    case "pending":
      return { kind: "wait", why: "pending", deadline: null };
    case "green":
      return { kind: "green", note: unfinishedNote(verdict.unfinished) };
    case "red":
      return { kind: "red", failing: verdict.failing, note: unfinishedNote(verdict.unfinished) };
    case "none": {
      const deadline = ciDeadline(input.waitingSince, config2.verify.ci_wait_minutes);
      if (Number.isFinite(deadline) && input.now < deadline) {
        return { kind: "wait", why: "no_check_yet", deadline: new Date(deadline).toISOString() };
      }
      return {
        kind: "no_checks",
        note: noCheckNote(config2.verify.ci_wait_minutes, input.sha, input.pushedBy)
      };
    }
  }
}
function noCheckNote(minutes, sha, pushedBy) {
  const where2 = `No check of the repository's CI appeared on \`${sha.slice(0, 12)}\` within ${counted(minutes, "minute")} (verify.ci_wait_minutes)`;
  if (pushedBy.toLowerCase() === ACTIONS_TOKEN_LOGIN) {
    return `${where2}: Ralph pushed it with the workflow's GITHUB_TOKEN, and commits pushed with GITHUB_TOKEN start no workflows, so your CI never ran on them. Give Ralph a GitHub App token (docs/action.md#tokens) to have CI run on its pull request. Ralph went on without CI.`;
  }
  return `${where2}: the repository may have no CI that runs on pull requests, or it did not start. Ralph went on without CI.`;
}
function unfinishedNote(unfinished) {
  if (unfinished.length === 0) return null;
  return `Ended without a verdict (not counted, no fix started): ${checkList(unfinished)}. Re-run them to have Ralph read them again.`;
}

// src/core/log-tail.ts
import { stripVTControlCharacters } from "node:util";
var DEFAULT_LOG_TAIL = { maxLines: 150, maxChars: 6e3 };
var ACTIONS_TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z ?/;
var GROUP_MARKER = /^##\[(?:group|endgroup)\]/;
function logTail(raw, options = {}) {
  const { maxLines, maxChars } = { ...DEFAULT_LOG_TAIL, ...options };
  let lines = raw.replace(/\r\n/g, "\n").split("\n");
  if (options.startsMidLine === true && lines.length > 1) lines = lines.slice(1);
  const readable = lines.map((line) => stripVTControlCharacters(line.split("\r").at(-1) ?? "")).map((line) => line.replace(ACTIONS_TIMESTAMP, "").replace(GROUP_MARKER, "").trimEnd());
  while (readable.length > 0 && readable.at(-1) === "") readable.pop();
  const kept = readable.slice(-maxLines);
  const out = [];
  let size = 0;
  for (let i = kept.length - 1; i >= 0; i--) {
    const line = kept[i] ?? "";
    const cost = line.length + (out.length > 0 ? 1 : 0);
    if (size + cost > maxChars) {
      if (out.length === 0) out.unshift(`\u2026${line.slice(line.length - (maxChars - 1))}`);
      break;
    }
    out.unshift(line);
    size += cost;
  }
  while (out.length > 0 && out[0] === "") out.shift();
  return out.join("\n");
}

// src/core/machine/context.ts
function makeCtx(state, config2) {
  return { before: state, s: structuredClone(state), config: config2, effects: [], baseAhead: null };
}
var BREAKER_THRESHOLD = 3;
function clip(text, max = 500) {
  const t = text.trim();
  return t.length <= max ? t : `${t.slice(0, max - 1)}\u2026`;
}
var MAX_HUMAN_TEXT = 4e3;
function reply(ctx, body, key) {
  ctx.effects.push(key === void 0 ? { type: "reply", body } : { type: "reply", body, key });
}
function emit(ctx, effect) {
  ctx.effects.push(effect);
}
function enter(ctx, phase) {
  ctx.s.phase = phase;
  if (!isAgentPhase(phase)) ctx.s.pendingStep = null;
}
function budgetProblem(s, config2) {
  const { max_agent_runs: maxRuns, max_cost_usd: maxCost } = config2.limits;
  if (s.counters.agentRuns >= maxRuns) {
    return `budget exhausted: ${s.counters.agentRuns} of ${maxRuns} agent runs used (limits.max_agent_runs)`;
  }
  if (maxCost !== null && s.counters.costUsd >= maxCost) {
    return `budget exhausted: $${s.counters.costUsd.toFixed(2)} spent, limit $${maxCost.toFixed(2)} (limits.max_cost_usd)`;
  }
  return null;
}
function dispatch(ctx, phase, step, storyId) {
  const problem = budgetProblem(ctx.s, ctx.config);
  if (problem !== null) {
    fail(ctx, problem, { phase, step });
    return false;
  }
  ctx.s.phase = phase;
  ctx.s.pendingStep = step;
  ctx.effects.push(
    storyId === void 0 ? { type: "dispatch", step } : { type: "dispatch", step, storyId }
  );
  return true;
}
var NEXT_STEPS = {
  budget: "Raise the limit in `.github/ralph.yml` if more work is worth it, then comment `/ralph run`.",
  breaker: "Check the run log, fix the cause, then comment `/ralph run` to retry.",
  followup: "The review is for the humans now. To have Ralph continue, raise `limits.max_followups` in `.github/ralph.yml`, then request changes again or comment `/ralph fix <what to change>`.",
  default: "Comment `/ralph run` to retry, `/ralph revise <feedback>` or `/ralph replan <reason>` to change the plan."
};
function fail(ctx, reason, resume2) {
  const s = ctx.s;
  if (resume2 !== void 0) {
    s.resumePhase = resume2.phase;
    s.resumeStep = resume2.step;
  } else if (s.phase !== "failed" && s.phase !== "stopped") {
    s.resumePhase = s.phase;
    s.resumeStep = s.pendingStep;
  }
  s.phase = "failed";
  s.pendingStep = null;
  s.lastError = reason;
  s.stopReason = reason;
  const hint = reason.startsWith("budget") ? NEXT_STEPS.budget : reason.startsWith("circuit breaker") ? NEXT_STEPS.breaker : reason.includes("limits.max_followups") ? NEXT_STEPS.followup : NEXT_STEPS.default;
  const sentence = /[.!?]$/.test(reason) ? reason : `${reason}.`;
  reply(ctx, `**Ralph stopped: ${sentence}**

${hint}`);
}
function breakerAfterFailure(breaker2, signature) {
  const count = breaker2.signature === signature ? breaker2.count + 1 : 1;
  return { breaker: { signature, count }, open: count >= BREAKER_THRESHOLD };
}
function tripBreaker(ctx, signature) {
  const next = breakerAfterFailure(ctx.s.breaker, signature);
  ctx.s.breaker = next.breaker;
  return next.open;
}
function resetBreaker(ctx) {
  ctx.s.breaker = { signature: null, count: 0 };
  ctx.s.lastError = null;
}
function freshRound() {
  return {
    openQuestions: [],
    questionRounds: 0,
    consensusRounds: 0,
    concerns: [],
    approvals: [],
    approvedBy: [],
    runGatePassed: false,
    currentStory: null,
    verifierFeedback: null,
    invalidation: null,
    stopReason: null,
    resumePhase: null,
    resumeStep: null
  };
}
function storyLoopCleared() {
  return {
    currentStory: null,
    verifierFeedback: null,
    finalCheck: false,
    verdictProblem: null,
    stopReason: null,
    resumePhase: null,
    resumeStep: null
  };
}
function findStory(s, id) {
  if (id === null) return void 0;
  return s.prd?.stories.find((story) => story.id === id);
}
function sameLogin(a, b) {
  return a.toLowerCase() === b.toLowerCase();
}
var PHASE_WORDS2 = {
  idle: "idle",
  planning: "planning",
  questions: "waiting for answers to its questions",
  decisions: "waiting for decisions",
  consensus: "reviewing the plan (architect and critic)",
  awaiting_approval: "waiting for approval of the PRD",
  run_gate: "waiting for `/ralph run`",
  implementing: "implementing",
  verifying: "verifying",
  plan_invalidated: "re-planning",
  ci: "waiting for the repository's CI",
  done: "done",
  failed: "failed",
  stopped: "stopped"
};
function finish(ctx) {
  const { before, s } = ctx;
  const dropped = fitState(s);
  if (dropped > 0) {
    reply(
      ctx,
      `Ralph's state reached GitHub's comment size limit, so the ${dropped} oldest plan notes, feedback entries, answers or waiting follow-up requests were dropped from what the planner reads. Put long material in a file in the repository and link to it.`
    );
  }
  const acks = ctx.effects.filter((e) => e.type === "acknowledge");
  const dispatches = ctx.effects.filter((e) => e.type === "dispatch");
  const rest = ctx.effects.filter((e) => e.type !== "acknowledge" && e.type !== "dispatch");
  const label = PHASE_LABELS[s.phase];
  const labels = label !== PHASE_LABELS[before.phase] ? [{ type: "set_label", label }] : [];
  s.revision = before.revision;
  const changed = !sameJson(s, before);
  const state = changed ? { ...s, revision: before.revision + 1 } : before;
  return { state, effects: [...acks, ...rest, ...labels, ...dispatches] };
}

// src/core/events.ts
var PERMISSION_RANK = {
  none: 0,
  read: 1,
  triage: 2,
  write: 3,
  maintain: 4,
  admin: 5
};
function hasPermission(actual, needed) {
  return PERMISSION_RANK[actual] >= PERMISSION_RANK[needed];
}

// src/core/machine/auth.ts
function mayCommand(actor, name) {
  if (actor.isBot) return false;
  return hasPermission(actor.permission, commandAccess(name));
}
function isTrusted(actor) {
  return !actor.isBot && hasPermission(actor.permission, "write");
}
function approvalDenial(actor, config2) {
  const rules = config2.approvals;
  if (actor.isBot) return "approvals by bots never count";
  if (!hasPermission(actor.permission, rules.min_permission)) {
    return `approving needs ${rules.min_permission} permission on this repository`;
  }
  if (rules.users.length > 0 && !rules.users.some((u) => sameLogin(u, actor.login))) {
    return "only the users listed in `approvals.users` can approve";
  }
  if (!rules.allow_author && actor.isIssueAuthor) {
    return "the author's own approval does not count here (`approvals.allow_author: false`)";
  }
  return null;
}
function deny(ctx, actor, why) {
  reply(ctx, `@${actor.login}, ${why}.`, `denied:${actor.login}`);
}
var COMMAND_DENIED = "Ralph only takes commands from users with write access to this repository";

// src/core/machine/pr-closed.ts
function statePullRequest(s) {
  if (s.prNumber !== null) return s.prNumber;
  return s.kind === "spec_pr" ? s.issue : null;
}
var STILL_ANSWERED = /* @__PURE__ */ new Set([
  "plan",
  "status",
  "help",
  "unknown"
]);
var ABOUT_THE_PR = /* @__PURE__ */ new Set([
  "approval",
  "changes_requested",
  "comment",
  // A follow-up round (a red check, a conflict) is work on the pull request that is gone.
  "followup_request",
  // What the repository's CI says about it (the CI gate).
  "ci_result",
  // GitHub's word that it conflicts with its base (the base merge).
  "base_unmergeable"
]);
function onPrClosed(ctx, ev) {
  const s = ctx.s;
  if (ev.pr !== statePullRequest(s) || s.prClosed?.number === ev.pr) return;
  s.prClosed = { number: ev.pr, merged: ev.merged };
  if (isAgentPhase(s.phase)) emit(ctx, { type: "cancel_run" });
  if (ev.merged) {
    Object.assign(s, { stopReason: null, resumePhase: null, resumeStep: null });
    enter(ctx, "done");
    return;
  }
  if (s.phase !== "stopped" && s.phase !== "failed") {
    s.resumePhase = s.phase;
    s.resumeStep = s.pendingStep;
  }
  s.stopReason = `pull request #${ev.pr} was closed without merging`;
  enter(ctx, "stopped");
}
function onPrReopened(ctx, ev) {
  const s = ctx.s;
  if (s.prClosed === null || s.prClosed.number !== ev.pr || s.prClosed.merged) return;
  s.prClosed = null;
  s.stopReason = `pull request #${ev.pr} was closed and reopened`;
}
function ignoredAfterPrClosed(s, ev) {
  if (s.prClosed === null) return false;
  return ABOUT_THE_PR.has(ev.type) || s.kind === "spec_pr" && ev.type === "trigger";
}
function refusedAfterPrClosed(ctx, command) {
  const closed = ctx.s.prClosed;
  if (closed === null || STILL_ANSWERED.has(command)) {
    if (closed === null || command !== "plan" || ctx.s.kind !== "spec_pr") return false;
  }
  const start = `Ralph's pull request #${closed.number} was ${closed.merged ? "merged" : "closed"}, so Ralph no longer works on it.`;
  const over = "comment `/ralph plan` to start over on this issue with a new pull request.";
  reply(
    ctx,
    closed.merged ? `${start} To go on, ${over}` : `${start} Reopen it and comment \`/ralph run\` to go on with it, or ${over}`
  );
  return true;
}
function forgetClosedPr(s) {
  if (s.prClosed === null) return;
  s.prClosed = null;
  s.prNumber = null;
}

// src/core/machine/followup.ts
function followUpStage(s) {
  if (s.prd === null) return "none";
  const round = s.followUp?.current ?? null;
  switch (s.phase) {
    case "done":
    case "ci":
      return "round";
    case "failed":
    case "stopped":
      return implementationStarted(s) ? "round" : "before";
    case "implementing":
    case "verifying":
    case "plan_invalidated":
      return "busy";
    case "planning":
    case "consensus":
      return round !== null && s.pendingStep === "amend" ? "busy" : "before";
    case "awaiting_approval":
    case "run_gate":
      return round !== null ? "amending" : "before";
    default:
      return "before";
  }
}
function implementationStarted(s) {
  return s.approvedBy.length > 0 || s.followUp !== null || (s.prd?.stories ?? []).some((st) => st.commit !== null || st.status === "passed");
}
function followUps(s) {
  s.followUp ??= { rounds: 0, current: null, queued: [], triggers: [], since: null };
  return s.followUp;
}
var SOURCE_WORDS = {
  review: "review",
  fix: "`/ralph fix`",
  ci: "failing check",
  conflict: "conflict with the default branch"
};
function recordOf(req) {
  const authors = (req.feedback.threads ?? []).map((t) => t.author);
  const reviewers = [];
  for (const login of [...req.reviewers ?? [], ...authors]) {
    if (login.endsWith("[bot]") || reviewers.some((r) => sameLogin(r, login))) continue;
    reviewers.push(login);
  }
  const feedback = {
    ...req.feedback,
    text: (req.feedback.text ?? []).map(sanitizeUntrusted),
    threads: (req.feedback.threads ?? []).map((t) => ({ ...t, text: sanitizeUntrusted(t.text) }))
  };
  return {
    source: req.source,
    by: req.actor?.login ?? null,
    feedback: boundFeedback(feedback),
    drafts: (req.drafts ?? []).map((d) => followUpDraftSchema.parse(d)),
    reviewers,
    at: req.at ?? null
  };
}
function queue(ctx, f, record2) {
  const last2 = f.queued.at(-1);
  if (last2 !== void 0 && last2.drafts.length === 0 && record2.drafts.length === 0) {
    last2.feedback = mergeFeedback(last2.feedback, record2.feedback);
    for (const r of record2.reviewers) {
      if (!last2.reviewers.some((x) => sameLogin(x, r))) last2.reviewers.push(r);
    }
  } else if (f.queued.length < 5) {
    f.queued.push(record2);
  } else {
    reply(ctx, "Ralph already has 5 follow-up requests waiting; this one is not taken.");
    return;
  }
  if (record2.by !== null) {
    reply(
      ctx,
      `Ralph is ${PHASE_WORDS2[ctx.s.phase]}; the ${SOURCE_WORDS[record2.source]} of @${record2.by} is taken up in a follow-up round once the current work is verified.`
    );
  }
}
function reviseAmendment(ctx, f, record2) {
  const round = f.current;
  if (round === null) return;
  round.feedback = mergeFeedback(round.feedback, record2.feedback);
  for (const r of record2.reviewers) {
    if (!round.reviewers.some((x) => sameLogin(x, r))) round.reviewers.push(r);
  }
  Object.assign(ctx.s, { approvals: [], approvedBy: [] });
  resetBreaker(ctx);
  dispatch(ctx, "planning", "amend");
}
function followUpLimitProblem(s, max) {
  const used = s.followUp?.rounds ?? 0;
  return used >= max ? `follow-up limit reached: ${used} of ${max} follow-up rounds used on this pull request (limits.max_followups)` : null;
}
function startRound(ctx, record2) {
  const s = ctx.s;
  const f = followUps(s);
  const problem = followUpLimitProblem(s, ctx.config.limits.max_followups);
  if (problem !== null) {
    fail(ctx, problem, s.phase === "done" ? { phase: "done", step: null } : void 0);
    return;
  }
  f.rounds += 1;
  f.current = { ...record2, number: f.rounds, stories: [] };
  if (record2.at !== null) f.since = record2.at;
  freshAttempts(ctx);
  const f2 = record2.feedback;
  const what = [
    f2.threads.length > 0 ? counted(f2.threads.length, "review thread") : "",
    f2.ciFailures.length > 0 ? counted(f2.ciFailures.length, "failing check") : "",
    f2.conflicts.length > 0 ? counted(f2.conflicts.length, "conflicted file") : ""
  ].filter((w) => w !== "");
  const who = record2.by === null ? "" : ` of @${record2.by}`;
  reply(
    ctx,
    `Follow-up round ${f.rounds} of at most ${ctx.config.limits.max_followups}: Ralph turns the ${SOURCE_WORDS[record2.source]}${who}${what.length > 0 ? ` (${what.join(", ")})` : ""} into follow-up stories on the same pull request, then re-verifies every story.`
  );
  dispatch(ctx, "planning", "amend");
}
function freshAttempts(ctx) {
  for (const story of ctx.s.prd?.stories ?? []) {
    if (story.status === "passed") continue;
    story.status = "pending";
    story.attempts = 0;
  }
  Object.assign(ctx.s, storyLoopCleared());
  resetBreaker(ctx);
}
var READY_WORDS = {
  ready: "is ready for review.",
  ci: "is marked ready for review once the repository's CI passed on it.",
  conflicts: "is marked ready for review once the conflicts with the default branch are resolved (the next round)."
};
function finishRound(ctx, then = "ready") {
  const f = ctx.s.followUp;
  const round = f?.current ?? null;
  if (f === null || f === void 0 || round === null) return null;
  const answers = round.stories.flatMap((fu) => {
    const story = ctx.s.prd?.stories.find((st) => st.id === fu.id);
    if (story === void 0 || story.commit === null) return [];
    return fu.threads.map((threadId) => ({
      threadId,
      storyId: story.id,
      title: story.title,
      commit: story.commit
    }));
  });
  emit(ctx, { type: "open_pr", draft: true });
  if (answers.length > 0) emit(ctx, { type: "answer_threads", answers });
  if (round.reviewers.length > 0)
    emit(ctx, { type: "request_review", reviewers: [...round.reviewers] });
  f.current = null;
  const ids = round.stories.map((st) => st.id);
  const threads = new Set(answers.map((a) => a.threadId)).size;
  const commits = new Set(answers.map((a) => a.commit)).size;
  const pr = statePullRequest(ctx.s);
  reply(
    ctx,
    `Follow-up round ${round.number} is done: ${ids.length > 0 ? ids.join(", ") : "its stories"} and every earlier story are verified on the final tree.${threads > 0 ? ` Ralph answered ${counted(threads, "review thread")} with the commit${commits === 1 ? "" : "s"}.` : ""}${round.reviewers.length > 0 ? ` New review requested from ${round.reviewers.map((r) => `@${r}`).join(", ")}.` : ""} ${pr === null ? "The pull request" : `#${pr}`} ${READY_WORDS[then]}`
  );
  const next = f.queued.shift();
  if (next !== void 0) startRound(ctx, next);
  return round.number;
}

// src/core/rejection.ts
function oneLine(text, max) {
  const clean = text.replace(/[`\s]+/g, " ").trim();
  return clean.length > max ? `${clean.slice(0, max - 1)}\u2026` : clean;
}
function where(at) {
  const commit = at.commit === null || at.commit === "" ? null : at.commit.slice(0, 7);
  const attempt = at.attempt ? `attempt ${at.attempt}` : null;
  if (at.finalTree) return `on the final tree${commit === null ? "" : ` (commit ${commit})`}`;
  const detail = [commit === null ? null : `commit ${commit}`, attempt].filter((p) => p !== null);
  return detail.length === 0 ? "" : `on ${detail.join(", ")}`;
}
function rejectionHeader(r, at) {
  const on = where(at);
  const tail = on === "" ? "" : ` ${on}`;
  switch (r.by) {
    case "check": {
      const how = r.timedOut ? "timed out (verify.check_timeout_minutes)" : `failed (exit code ${r.exitCode ?? "none"})`;
      return `Ralph's check \`${oneLine(r.command, 200)}\` ${how}${tail}`;
    }
    case "verifier":
      return `The verifier rejected the work${tail}`;
    case "regression": {
      const commit = at.commit ? `, commit ${at.commit.slice(0, 7)}` : "";
      return `The regression gate (the verifier re-checking every story on the final tree${commit}) found that this story no longer holds`;
    }
    case "guard":
      return `Ralph's state guard rejected the work${tail}: ${oneLine(r.reason, 300)}`;
  }
}

// src/core/machine/replan.ts
function invalidatePlan(ctx, reason, intro, details = "") {
  const s = ctx.s;
  const max = ctx.config.limits.max_replans;
  if (s.counters.replans >= max) {
    s.verifierFeedback = clip(
      `${details}
The verifier also said the plan is wrong: ${reason}`,
      4e3
    );
    fail(
      ctx,
      `the plan was invalidated again but all ${max} re-plans are used (limits.max_replans): ${clip(reason, 200)}`,
      {
        phase: "implementing",
        step: "implement"
      }
    );
    return;
  }
  s.counters.replans += 1;
  s.finalCheck = false;
  s.verdictProblem = null;
  const attempt = s.counters.replans;
  s.invalidation = { reason: clip(reason, 1e3), attempt };
  s.currentStory = null;
  s.consensusRounds = 0;
  s.concerns = [];
  emit(ctx, {
    type: "commit_files",
    change: { kind: "archive_plan", reason: s.invalidation.reason, attempt },
    message: `ralph(${s.specId ?? `issue-${s.issue}`}): archive plan as attempt-${attempt}`
  });
  emit(ctx, {
    type: "post_review",
    body: `\u26A0\uFE0F **Plan invalidated** (\`PLAN_INVALIDATION\`, re-plan ${attempt} of ${max})

${intro}

**Reason:** ${s.invalidation.reason}${details.trim() === "" ? "" : `

<details><summary>Verifier report</summary>

${details.trim()}

</details>`}`,
    planInvalidation: true
  });
  dispatch(ctx, "plan_invalidated", "plan");
}

// src/core/machine/spec-queue.ts
function nextSpec(s) {
  if (s.kind !== "spec_pr") return null;
  return s.specsLeft.find((id) => id !== s.specId && !s.specsDone.includes(id)) ?? null;
}
var code = (id) => `\`${id.replace(/`/g, "")}\``;
function advanceToSpec(ctx, next, lastCommit) {
  const s = ctx.s;
  const finished = s.specId ?? `issue-${s.issue}`;
  const stories = s.prd?.stories.length ?? 0;
  if (s.specId !== null && !s.specsDone.includes(s.specId)) s.specsDone.push(s.specId);
  const total = (/* @__PURE__ */ new Set([...s.specsDone, ...s.specsLeft])).size;
  Object.assign(s, {
    ...freshRound(),
    feedback: [],
    understandAdvice: null
  });
  resetBreaker(ctx);
  emit(ctx, {
    type: "commit_files",
    change: { kind: "done_marker", commit: lastCommit },
    message: `ralph(${finished}): all stories verified`
  });
  reply(
    ctx,
    `All ${stories} ${stories === 1 ? "story" : "stories"} of spec ${code(finished)} ${stories === 1 ? "is" : "are"} verified (spec ${s.specsDone.length} of ${total} in this pull request). Ralph now plans the next spec, ${code(next)}; its PRD needs its own approval.`
  );
  dispatch(ctx, "planning", "plan");
}

// src/core/machine/text.ts
function short(sha) {
  return sha.slice(0, 7);
}
function cell(text) {
  return text.replace(/\r?\n/g, " ").replace(/\|/g, "\\|").trim();
}
function criteriaTable(criteria) {
  if (criteria.length === 0) return "";
  const rows = criteria.map((c) => `| ${cell(c.criterion)} | ${c.pass ? "\u2705 pass" : "\u274C fail"} |`);
  return `

| criterion | result |
|---|---|
${rows.join("\n")}`;
}
function code2(text, max = 60) {
  const clean = text.replace(/[`\r\n]/g, "").trim();
  return `\`${clean.length > max ? `${clean.slice(0, max - 1)}\u2026` : clean}\``;
}

// src/core/machine/implementation.ts
function startImplementation(ctx) {
  ctx.s.invalidation = null;
  ctx.s.feedback = [];
  ctx.s.openQuestions = [];
  ctx.s.finalCheck = false;
  ctx.s.verdictProblem = null;
  nextStory(ctx);
}
function nextStory(ctx) {
  const s = ctx.s;
  if (s.prd === null) {
    fail(ctx, "internal: there is no PRD to implement");
    return;
  }
  const story = s.prd.stories.find((st) => st.status !== "passed");
  if (story === void 0) {
    if (needsRegressionGate(ctx)) startRegressionGate(ctx);
    else finishAll(ctx);
    return;
  }
  if (story.id !== s.currentStory) s.verifierFeedback = null;
  s.currentStory = story.id;
  story.status = "running";
  dispatch(ctx, "implementing", "implement", story.id);
}
function needsRegressionGate(ctx) {
  return ctx.config.verify.mode === "per_spec" || (ctx.s.prd?.stories.length ?? 0) > 1;
}
function startRegressionGate(ctx) {
  const s = ctx.s;
  s.finalCheck = true;
  s.currentStory = null;
  s.verifierFeedback = null;
  dispatch(ctx, "verifying", "verify");
}
function onRegression(ctx, r) {
  const s = ctx.s;
  if (!s.finalCheck) return;
  if (r.problem !== null) {
    s.verdictProblem = clip(r.problem, 1e3);
    s.lastError = `The final re-check of all stories gave no acceptable verdict: ${clip(r.problem, 300)}`;
    if (tripBreaker(ctx, "bad_verdict:regression")) {
      fail(
        ctx,
        `circuit breaker: the final re-check of all stories gave no acceptable verdict ${s.breaker.count} times in a row: ${clip(r.problem, 200)}`
      );
      return;
    }
    dispatch(ctx, "verifying", "verify");
    return;
  }
  resetBreaker(ctx);
  s.verdictProblem = null;
  s.finalCheck = false;
  const stories = s.prd?.stories ?? [];
  const regressed = stories.filter((st) => r.regressed.some((x) => x.storyId === st.id));
  if (regressed.length === 0) {
    finishAll(ctx);
    return;
  }
  const feedbackOf2 = (id) => {
    const found2 = r.regressed.find((x) => x.storyId === id);
    const by = found2?.rejectedBy ?? { by: "regression" };
    const header2 = rejectionHeader(by, { commit: r.commit, finalTree: true });
    return `${header2}.

${found2?.feedback.trim() ?? ""}`.trim();
  };
  for (const story of regressed) story.status = "pending";
  const ids = regressed.map((st) => st.id);
  const reopened = new Set(ids.map((id) => id.toLowerCase()));
  emit(ctx, {
    type: "commit_files",
    change: {
      kind: "reopen_stories",
      storyIds: ids,
      criteria: r.criteria.filter(
        (c) => c.story !== void 0 && reopened.has(c.story.trim().toLowerCase())
      )
    },
    message: `ralph(${s.specId ?? `issue-${s.issue}`}): ${ids.join(", ")} no longer verified`
  });
  const first = regressed[0];
  emit(ctx, {
    type: "post_review",
    body: `\u26A0\uFE0F **Before done, Ralph re-checked every story on the final tree: ${ids.join(", ")} no longer ${ids.length === 1 ? "holds" : "hold"}**, so ${ids.length === 1 ? "it goes" : "they go"} back to work.

${feedbackOf2(first.id).trim()}`,
    planInvalidation: false
  });
  const max = ctx.config.limits.max_attempts;
  const spent = regressed.find((st) => st.attempts >= max);
  if (spent !== void 0) {
    spent.status = "failed";
    s.verifierFeedback = clip(feedbackOf2(spent.id), 4e3);
    fail(
      ctx,
      `story ${spent.id} no longer holds on the final tree and has used its ${counted(spent.attempts, "attempt")} (limits.max_attempts)`,
      { phase: "implementing", step: "implement" }
    );
    return;
  }
  s.currentStory = first.id;
  s.verifierFeedback = clip(feedbackOf2(first.id), 4e3);
  nextStory(ctx);
}
function finishAll(ctx) {
  const s = ctx.s;
  const stories = s.prd?.stories ?? [];
  const lastCommit = [...stories].reverse().find((st) => st.commit !== null)?.commit ?? "";
  const next = nextSpec(s);
  if (next !== null) {
    advanceToSpec(ctx, next, lastCommit);
    return;
  }
  if (s.kind === "spec_pr" && s.specId !== null && !s.specsDone.includes(s.specId)) {
    s.specsDone.push(s.specId);
  }
  Object.assign(s, storyLoopCleared());
  enter(ctx, "done");
  emit(ctx, {
    type: "commit_files",
    change: { kind: "done_marker", commit: lastCommit },
    message: `ralph(${s.specId ?? `issue-${s.issue}`}): all stories verified`
  });
  if (mergeBeforeReady(ctx)) return;
  markWorkReady(ctx);
}
function markWorkReady(ctx) {
  const gated = ciGated(ctx);
  if (gated) awaitCi(ctx);
  else emit(ctx, { type: "mark_pr_ready" });
  if (finishRound(ctx, gated ? "ci" : "ready") !== null || gated) return;
  replyReady(ctx);
}
function onImplemented(ctx, story, r) {
  resetBreaker(ctx);
  story.commit = r.commit;
  story.attempts += 1;
  dispatch(ctx, "verifying", "verify", story.id);
}
function onNoProgress(ctx, story) {
  const s = ctx.s;
  story.attempts += 1;
  s.lastError = `The implement run for ${story.id} changed nothing.`;
  const header2 = rejectionHeader(
    { by: "guard", reason: "it changed no files" },
    { commit: null, attempt: story.attempts }
  );
  s.verifierFeedback = `${header2}.

Implement the story: make the code changes and leave them in the working tree.`;
  if (tripBreaker(ctx, `no_progress:${story.id}`)) {
    story.status = "failed";
    fail(
      ctx,
      `circuit breaker: ${s.breaker.count} implement runs in a row made no change for story ${story.id}`
    );
    return;
  }
  if (story.attempts >= ctx.config.limits.max_attempts) {
    story.status = "failed";
    fail(
      ctx,
      `story ${story.id} made no progress in ${counted(story.attempts, "attempt")} (limits.max_attempts)`
    );
    return;
  }
  dispatch(ctx, "implementing", "implement", story.id);
}
function onVerdict(ctx, story, r) {
  const s = ctx.s;
  if (typeof r.problem === "string" && r.problem !== "") {
    s.verdictProblem = clip(r.problem, 1e3);
    s.lastError = `The verifier's verdict on ${story.id} was not accepted: ${clip(r.problem, 300)}`;
    if (tripBreaker(ctx, `bad_verdict:${story.id}`)) {
      fail(
        ctx,
        `circuit breaker: the verifier gave no acceptable verdict on story ${story.id} ${s.breaker.count} times in a row: ${clip(r.problem, 200)}`,
        { phase: "verifying", step: "verify" }
      );
      return;
    }
    dispatch(ctx, "verifying", "verify", story.id);
    return;
  }
  s.verdictProblem = null;
  if (r.verdict === "PASS" && r.commit !== story.commit) {
    s.lastError = `The verifier reported PASS for commit ${short(r.commit)}, but ${story.id} was implemented at ${short(story.commit ?? "(none)")}.`;
    if (tripBreaker(ctx, `verify_commit_mismatch:${story.id}`)) {
      fail(
        ctx,
        `circuit breaker: ${s.breaker.count} verifications in a row checked the wrong commit for story ${story.id}`
      );
      return;
    }
    dispatch(ctx, "verifying", "verify", story.id);
    return;
  }
  resetBreaker(ctx);
  if (r.verdict === "PASS") {
    storyPassed(ctx, story, r.criteria);
    return;
  }
  if (r.invalidation !== null) {
    story.status = "failed";
    invalidatePlan(
      ctx,
      r.invalidation,
      `The verifier found the plan itself wrong while checking **${story.id}: ${story.title}**.`,
      r.feedback
    );
    return;
  }
  const by = r.rejectedBy ?? { by: "verifier" };
  const header2 = rejectionHeader(by, { commit: r.commit, attempt: story.attempts });
  s.verifierFeedback = clip(`${header2}.

${r.feedback.trim()}`, 4e3);
  const max = ctx.config.limits.max_attempts;
  emit(ctx, {
    type: "post_review",
    body: `\u274C **${story.id}: ${story.title}**, attempt ${story.attempts} of ${max}: ${rejectionHeader(by, { commit: r.commit })}.

${r.feedback.trim()}${criteriaTable(r.criteria)}`,
    planInvalidation: false
  });
  if (story.attempts >= max) {
    story.status = "failed";
    fail(
      ctx,
      `story ${story.id} failed verification ${counted(story.attempts, "time")} (limits.max_attempts): ${clip(r.rejectedBy === void 0 ? firstLine(r.feedback) : header2, 200)}`,
      { phase: "implementing", step: "implement" }
    );
    return;
  }
  story.status = "running";
  dispatch(ctx, "implementing", "implement", story.id);
}
function firstLine(text) {
  return text.trim().split(/\r?\n/)[0] ?? "";
}
function storyPassed(ctx, story, verdicts) {
  const s = ctx.s;
  story.status = "passed";
  s.verifierFeedback = null;
  const criteria = verdicts.map((c) => ({ criterion: c.criterion, pass: c.pass }));
  emit(ctx, {
    type: "commit_files",
    change: { kind: "mark_story_passed", storyId: story.id, commit: story.commit, criteria },
    message: `ralph(${s.specId ?? `issue-${s.issue}`}): ${story.id} verified`
  });
  emit(ctx, {
    type: "post_review",
    body: `\u2705 **${story.id}: ${story.title}** verified at \`${short(story.commit ?? "")}\`.${criteriaTable(criteria)}`,
    planInvalidation: false
  });
  nextStory(ctx);
}
function currentStory(ctx, storyId) {
  if (storyId !== ctx.s.currentStory) return void 0;
  return findStory(ctx.s, storyId);
}

// src/core/machine/followup-amend.ts
function onAmended(ctx, r) {
  const s = ctx.s;
  const round = s.followUp?.current ?? null;
  if (round === null || s.prd === null) return;
  resetBreaker(ctx);
  const replaced = new Set(round.stories.map((st) => st.id));
  const kept = s.prd.stories.filter((st) => !replaced.has(st.id));
  const added = r.stories.flatMap((fu) => {
    const story = r.prd.userStories.find((u) => u.id === fu.id);
    if (story === void 0 || kept.some((k) => k.id === fu.id)) return [];
    return [{ id: story.id, title: story.title, status: "pending", attempts: 0, commit: null }];
  });
  s.prd = {
    revision: r.revision,
    number: s.prd.number + 1,
    branchName: s.prd.branchName,
    commentId: null,
    stories: [...kept, ...added]
  };
  round.stories = r.stories.map((st) => ({ id: st.id, threads: [...st.threads] }));
  round.drafts = [];
  s.approvals = [];
  const human = round.by !== null;
  const gated = human && ctx.config.gates.followup === "approve";
  emit(ctx, { type: "open_pr", draft: true });
  emit(ctx, {
    type: "post_prd",
    revision: r.revision,
    concerns: [],
    amendment: { auto: !gated }
  });
  if (gated) {
    s.approvedBy = [];
    enter(ctx, "awaiting_approval");
    return;
  }
  if (round.by !== null) s.approvedBy = [round.by];
  startImplementation(ctx);
}
function resumeRound(ctx) {
  const s = ctx.s;
  const round = s.followUp?.current ?? null;
  if (round === null) return;
  freshAttempts(ctx);
  reply(ctx, `Follow-up round ${round.number} picks up where it stopped.`);
  if (round.stories.length === 0) {
    dispatch(ctx, "planning", "amend");
    return;
  }
  startImplementation(ctx);
}

// src/core/machine/followup-requests.ts
function requestFollowUp(ctx, req) {
  const s = ctx.s;
  if (req.actor !== null && (req.actor.isBot || !isTrusted(req.actor))) return true;
  if (req.trigger !== void 0 && s.followUp?.triggers.includes(req.trigger)) return true;
  const stage = followUpStage(s);
  if (stage === "before" || stage === "none") return false;
  const f = followUps(s);
  if (req.trigger !== void 0) f.triggers = [...f.triggers, req.trigger].slice(-40);
  const record2 = recordOf(req);
  if (stage === "amending" && record2.drafts.length === 0) {
    reviseAmendment(ctx, f, record2);
    return true;
  }
  if (stage === "round") {
    if (f.current === null) {
      startRound(ctx, record2);
      return true;
    }
    resumeRound(ctx);
  }
  queue(ctx, f, record2);
  return true;
}
function followUpRequestOf(ev) {
  return {
    source: ev.source,
    actor: ev.actor ?? null,
    feedback: ev.feedback,
    ...ev.trigger === void 0 ? {} : { trigger: ev.trigger },
    ...ev.at === void 0 ? {} : { at: ev.at },
    ...ev.stories === void 0 ? {} : { drafts: ev.stories },
    ...ev.reviewers === void 0 ? {} : { reviewers: ev.reviewers }
  };
}
function reviewFollowUp(ctx, ev) {
  const stage = followUpStage(ctx.s);
  if (stage === "before" || stage === "none") return false;
  const review = ev.review;
  return requestFollowUp(ctx, {
    source: "review",
    actor: ev.actor,
    feedback: review === void 0 ? { text: [ev.feedback] } : { text: [review.body], threads: review.threads },
    ...review === void 0 ? {} : { trigger: `review:${review.id}`, at: review.at },
    reviewers: [ev.actor.login]
  });
}
function fixCommand(ctx, ev, args) {
  const text = args.trim();
  const threads = ev.threads ?? [];
  if (text === "" && threads.length === 0) {
    reply(ctx, "Tell Ralph what to change: `/ralph fix <what to change>`.");
    return;
  }
  const trigger = ev.trigger ?? (ev.commentId === void 0 ? void 0 : `comment:${ev.commentId}`);
  const taken = requestFollowUp(ctx, {
    source: "fix",
    actor: ev.actor,
    feedback: { text: text === "" ? [] : [text], threads },
    ...trigger === void 0 ? {} : { trigger },
    ...ev.at === void 0 ? {} : { at: ev.at }
  });
  if (!taken) notYet(ctx, ev.actor);
}
function notYet(ctx, actor) {
  if (actor === null || actor.isBot) return;
  const s = ctx.s;
  reply(
    ctx,
    s.prd === null ? "There is no finished work here to follow up on yet: comment `/ralph plan` to start." : `Ralph has not implemented this PRD yet (it is ${PHASE_WORDS2[s.phase]}): to change the plan, comment \`/ralph revise <feedback>\`.`
  );
}

// src/core/machine/ci-wait.ts
var CI_LOG_TAIL_CHARS = 1900;
function ciGated(ctx) {
  const s = ctx.s;
  return ctx.config.verify.ci === "gate" && statePullRequest(s) !== null && s.prClosed === null;
}
function awaitCi(ctx) {
  ctx.s.ci = { sha: null, since: null, fixes: ctx.s.ci?.fixes ?? 0, note: null };
  enter(ctx, "ci");
}
function onCiResult(ctx, ev) {
  const s = ctx.s;
  if (s.prClosed !== null || statePullRequest(s) === null) return;
  if (s.phase === "done") {
    if (ctx.config.verify.ci === "gate" && ev.verdict.kind === "red") ciFix(ctx, ev, null);
    return;
  }
  if (s.phase !== "ci") return;
  const wait = ciWaitOf(s);
  if (wait.sha !== ev.sha || wait.since === null) {
    wait.sha = ev.sha;
    wait.since = ev.at;
  }
  const decision = ciGateDecision({
    config: ctx.config,
    verdict: ev.verdict,
    waitingSince: wait.since,
    now: Date.parse(ev.at),
    pushedBy: ev.pushedBy,
    sha: ev.sha
  });
  switch (decision.kind) {
    case "wait":
      return;
    case "off":
      markReady(ctx, null, false);
      return;
    case "green":
    case "no_checks":
      markReady(ctx, decision.note);
      return;
    case "red":
      ciFix(ctx, ev, decision.note);
      return;
  }
}
function ciWaitOf(s) {
  s.ci ??= { sha: null, since: null, fixes: 0, note: null };
  return s.ci;
}
function markReady(ctx, note, ciRead = true) {
  const wait = ciWaitOf(ctx.s);
  wait.note = note;
  enter(ctx, "done");
  emit(ctx, { type: "mark_pr_ready" });
  const ci = !ciRead ? "" : note === null ? ` The repository's CI passed on \`${(wait.sha ?? "").slice(0, 12)}\`.` : `

${note}

`;
  replyReady(ctx, ci);
}
function replyReady(ctx, ci = "") {
  const s = ctx.s;
  const stories = s.prd?.stories.length ?? 0;
  const specs = s.specsDone.length > 1 ? ` All ${s.specsDone.length} specs of this pull request are done.` : "";
  const pr = statePullRequest(s);
  reply(
    ctx,
    `All ${stories} ${stories === 1 ? "story is" : "stories are"} verified.${specs}${ci}${ci.endsWith("\n") ? "" : " "}${pr === null ? "The pull request" : `#${pr}`} is ready for review.`
  );
}
function ciFix(ctx, ev, note) {
  const s = ctx.s;
  const trigger = `ci:${ev.sha}`;
  if (s.followUp?.triggers.includes(trigger)) return;
  const wait = ciWaitOf(s);
  wait.note = note;
  const failing = ev.verdict.kind === "red" ? ev.verdict.failing : [];
  const failures = ev.failures ?? failing.map((c) => failureOf(c));
  const max = ctx.config.limits.max_ci_fixes;
  if (wait.fixes >= max) {
    fail(
      ctx,
      `CI fix limit reached: ${checkList(failing)} still failing on \`${ev.sha.slice(0, 12)}\` after ${wait.fixes} of ${max} follow-up rounds for red checks (limits.max_ci_fixes)`,
      { phase: "ci", step: null }
    );
    return;
  }
  wait.fixes += 1;
  requestFollowUp(ctx, {
    source: "ci",
    actor: null,
    feedback: { ciFailures: failures.map(feedbackOf) },
    trigger,
    drafts: [ciDraft(failures, ev.sha)]
  });
}
function feedbackOf(f) {
  const tail = logTail(neutralizeVerdictLines(f.log), { maxChars: CI_LOG_TAIL_CHARS });
  return { check: f.name, conclusion: f.conclusion, logTail: tail, url: f.url };
}
function ciDraft(failures, sha) {
  const names = failures.map((f) => `\`${f.name.replace(/`/g, "'")}\``);
  const shown = names.slice(0, 5).join(", ") + (names.length > 5 ? ", \u2026" : "");
  return {
    title: `Make the failing check${names.length === 1 ? "" : "s"} pass: ${shown}`.slice(0, 200),
    acceptanceCriteria: [
      ...failures.slice(0, 10).map(
        (f, i) => `The cause of the ${f.conclusion} of the repository's check ${names[i]} (its log tail is in the round's feedback) is fixed in the code, so the check passes on the next commit`
      ),
      "No test or check is removed, skipped or weakened to make a check pass"
    ],
    notes: `Ralph formed this story from the repository's CI on \`${sha.slice(0, 12)}\`.`
  };
}

// src/core/machine/base-merge.ts
function mayMerge(s) {
  return statePullRequest(s) !== null && s.prClosed === null && s.prd !== null && (s.phase === "done" || s.phase === "ci");
}
function updateCommand(ctx) {
  const s = ctx.s;
  if (!mayMerge(s)) {
    const why = statePullRequest(s) === null ? "there is no pull request of Ralph's on this issue yet" : `Ralph is ${PHASE_WORDS2[s.phase]}; it merges the default branch into a finished pull request (\`ralph:done\` or \`ralph:ci\`)`;
    reply(ctx, `Nothing to update: ${why}.`);
    return;
  }
  startMerge(ctx, "command", null);
}
function onBaseUnmergeable(ctx, ev) {
  const s = ctx.s;
  if (!mayMerge(s) || ev.pr !== statePullRequest(s)) return;
  const report2 = `${ev.sha}..${ev.baseSha}`;
  if (s.baseMerge?.report === report2) return;
  startMerge(ctx, "unmergeable", report2);
}
function mergeBeforeReady(ctx) {
  if (ctx.baseAhead === null || !mayMerge(ctx.s)) return false;
  startMerge(ctx, "ready", null);
  return true;
}
var MERGE_WORDS = {
  command: "Ralph merges the default branch into its branch (a merge commit, never a rebase).",
  unmergeable: "GitHub reports that the pull request conflicts with the default branch: Ralph merges the default branch into its branch (a merge commit, never a rebase).",
  ready: "The default branch moved while Ralph worked: before the pull request is marked ready, Ralph merges it into its branch (a merge commit, never a rebase)."
};
function startMerge(ctx, reason, report2) {
  const s = ctx.s;
  const from = s.phase;
  if (!dispatch(ctx, "verifying", "merge_base")) return;
  s.baseMerge = { reason, from, report: report2 ?? s.baseMerge?.report ?? null };
  reply(ctx, MERGE_WORDS[reason]);
}
function onBaseMerged(ctx, r) {
  const s = ctx.s;
  const from = s.baseMerge?.from ?? "done";
  const beforeReady = s.baseMerge?.reason === "ready";
  const merge2 = code2(r.head.slice(0, 12));
  const base = code2(r.base);
  switch (r.outcome) {
    case "up_to_date": {
      enter(ctx, from === "ci" ? "ci" : "done");
      reply(ctx, `The branch already holds everything of ${base}: nothing to merge.`);
      if (beforeReady) markWorkReady(ctx);
      return;
    }
    case "clean": {
      reply(
        ctx,
        `Ralph merged ${base} into its branch without conflict (${merge2}). Every story is re-verified on the merged tree (\`verify.checks\` and the regression gate)${ciGated(ctx) ? ", then the repository's CI is waited for again" : ""}.`
      );
      startRegressionGate(ctx);
      return;
    }
    case "conflicts": {
      enter(ctx, from === "ci" ? "ci" : "done");
      if (beforeReady) finishRound(ctx, "conflicts");
      requestFollowUp(ctx, {
        source: "conflict",
        actor: null,
        feedback: { conflicts: r.files },
        // `base:<sha>` fits the state's trigger cap (48 characters) whole.
        trigger: `base:${r.head}`,
        drafts: [conflictDraft(r.files, r.base, r.head)]
      });
      return;
    }
  }
}
function conflictDraft(files, base, head) {
  const names = files.map((f) => `\`${f.replace(/`/g, "'")}\``);
  const shown = names.slice(0, 5).join(", ") + (names.length > 5 ? ", \u2026" : "");
  return {
    title: `Resolve the conflicts with ${base}: ${shown}`.slice(0, 200),
    acceptanceCriteria: [
      `Every conflicted file (${names.slice(0, 20).join(", ")}${names.length > 20 ? ", \u2026" : ""}) keeps the intent of both sides: the changes of ${code2(base)} and those of this branch`,
      // The pipe is escaped where Ralph asks for the verdict table and read back either way.
      "No conflict marker line (seven `<`, `|`, `=` or `>` signs at the start of a line) is left in those files",
      "No test or check is removed, skipped or weakened to resolve a conflict"
    ],
    notes: `Ralph formed this story from merging \`${base}\` into its branch (merge commit \`${head.slice(0, 12)}\`, which holds the markers in git's diff3 style).`
  };
}

// src/core/complexity.ts
var COMPLEXITY_THRESHOLD = 2;
var SIGNAL_GROUPS = [
  {
    name: "multi-file",
    keywords: [
      "multiple files",
      "several files",
      "many files",
      "all files",
      "every file",
      "across the codebase",
      "across the project",
      "across modules",
      "system-wide",
      "codebase-wide",
      "project-wide",
      "everywhere",
      "throughout the codebase"
    ]
  },
  {
    name: "new-feature",
    keywords: [
      "new",
      "create",
      "creates",
      "creating",
      "build",
      "builds",
      "building",
      "implement",
      "add feature"
    ]
  },
  {
    name: "integration",
    keywords: [
      "integrate",
      "integrates",
      "integrating",
      "integration",
      "connect",
      "connects",
      "connecting",
      "connection",
      "api",
      "apis",
      "third-party",
      "external",
      "webhook",
      "webhooks"
    ]
  },
  {
    name: "technology",
    keywords: [
      "graphql",
      "grpc",
      "websocket",
      "websockets",
      "sse",
      "redis",
      "kafka",
      "rabbitmq",
      "elasticsearch",
      "kubernetes",
      "terraform",
      "docker",
      "webassembly",
      "wasm",
      "machine learning"
    ]
  },
  {
    name: "architecture",
    keywords: [
      "architecture",
      "architectural",
      "refactor",
      "refactoring",
      "redesign",
      "migrate",
      "migration",
      "migrations",
      "schema change"
    ]
  },
  {
    name: "security",
    keywords: [
      "auth",
      "authn",
      "authz",
      "oauth",
      "oauth2",
      "authentication",
      "authorization",
      "login",
      "security",
      "permission",
      "permissions",
      "encrypt",
      "encryption",
      "encrypted",
      "token",
      "tokens",
      "jwt",
      "password",
      "credentials"
    ]
  }
];
function keywordPattern(keyword) {
  const body = keyword.split(/[\s-]+/).map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("[\\s-]+");
  const before = "(?<![\\p{L}\\p{N}_$#@])(?<![\\p{L}\\p{N}_$)\\]]\\.)(?<!::|->)";
  const after = "(?![\\p{L}\\p{N}_$])(?!\\()(?!\\.[\\p{L}_$])(?!::)";
  return new RegExp(`${before}${body}${after}`, "iu");
}
function withoutCode(text) {
  return text.replace(/^ {0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:^ {0,3}\1[^\n]*$|(?![\s\S]))/gm, " ").replace(/(`+)[^`\n]+?\1/g, " ");
}
var patterns = /* @__PURE__ */ new Map();
function patternOf(keyword) {
  let re = patterns.get(keyword);
  if (re === void 0) {
    re = keywordPattern(keyword);
    patterns.set(keyword, re);
  }
  return re;
}
function searchable(text) {
  return text.toLowerCase().replace(/\u017f/g, "s");
}
function mayHold(folded, keyword) {
  const first = keyword.toLowerCase().split(/[\s-]+/)[0] ?? "";
  return folded.includes(first);
}
var FILE_EXTENSIONS = "tsx?|jsx?|mjs|cjs|py|rb|go|rs|java|kt|cs|cpp|c|h|hpp|md|json|ya?ml|toml|exs?|sql|html|css|scss|sh|php|swift|vue|svelte";
var FILE_MENTION = new RegExp(
  `(?<![\\p{L}\\p{N}_/.-])(?:[\\w.-]+/)*[\\w-]+\\.(?:${FILE_EXTENSIONS})(?![\\p{L}\\p{N}_])`,
  "giu"
);
function distinctFileMentions(text) {
  return [...new Set((text.match(FILE_MENTION) ?? []).map((f) => f.toLowerCase()))];
}
function assessComplexity(text, knownTech = []) {
  const known = new Set(knownTech.map((t) => t.toLowerCase()));
  const prose = withoutCode(text);
  const folded = searchable(prose);
  const signals = [];
  for (const group of SIGNAL_GROUPS) {
    const hits = group.keywords.filter((k) => mayHold(folded, k) && patternOf(k).test(prose)).filter((k) => group.name !== "technology" || !known.has(k));
    if (group.name === "multi-file") {
      const files = distinctFileMentions(text);
      if (files.length >= 2) hits.push(`${files.length} files named`);
    }
    if (hits.length > 0) signals.push(`${group.name}: ${hits.join(", ")}`);
  }
  return { level: signals.length >= COMPLEXITY_THRESHOLD ? "complex" : "simple", signals };
}

// src/core/decisions.ts
var DECISION_CATEGORIES = [
  "architecture",
  "technology",
  "security",
  "integration",
  "behavior"
];
var decisionCategorySchema = preprocess(
  (v) => typeof v === "string" ? v.trim().toLowerCase() : v,
  _enum(DECISION_CATEGORIES)
);
var optionSchema = object({
  number: number2().int().min(1),
  label: string2().min(1),
  description: string2()
});
var followUpSchema = object({ question: string2(), answer: string2() });
var decisionSchema = object({
  id: string2().min(1),
  title: string2().min(1),
  category: decisionCategorySchema,
  context: string2(),
  options: array(optionSchema).min(1),
  recommendation: number2().int().min(1).nullable(),
  recommendation_rationale: string2(),
  /** Null while undecided or deferred (the seed's file only shows decided ones). */
  selected_option: number2().int().min(1).nullable(),
  user_response: string2(),
  follow_up_questions: array(followUpSchema)
});
var decisionsFileSchema = object({
  task: string2(),
  decided_at: string2(),
  decisions: array(decisionSchema),
  /** Ids of decisions deferred with "skip" (they fall back to the recommendation). */
  deferred: array(string2()),
  critical_resolved: boolean2()
});
function isResolved(d) {
  return d.selected !== null || d.custom !== null && d.custom.trim() !== "";
}
function escapeRegExp(s) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
function visibleLines(text) {
  const out = [];
  let fence = null;
  for (const raw of text.replace(/<!--[\s\S]*?-->/g, "").split(/\r?\n/)) {
    const t = raw.trim();
    const f = /^(`{3,}|~{3,})/.exec(t);
    if (f) {
      if (fence === null) fence = f[1][0];
      else if (f[1][0] === fence) fence = null;
      continue;
    }
    if (fence !== null || t.startsWith(">")) continue;
    out.push(t.replace(/\*\*|__/g, "").replace(/^[-*+]\s+/, ""));
  }
  return out;
}
function readValue(value, d) {
  const v = value.trim();
  if (v === "") return null;
  const m = /^(?:option\s*)?#?(\d+)(?=$|[\s.,;:)\-–—(])/i.exec(v);
  if (m) {
    const n = Number(m[1]);
    return d.options.some((o) => o.number === n) ? { selected: n } : null;
  }
  const bare = v.replace(/[.!]+$/, "").toLowerCase();
  const byLabel = d.options.find((o) => o.label.trim().toLowerCase() === bare);
  if (byLabel) return { selected: byLabel.number };
  return { custom: v };
}
function parseDecisionReply(text, decisions) {
  const answers = /* @__PURE__ */ new Map();
  if (typeof text !== "string" || decisions.length === 0) return answers;
  const lines = visibleLines(text).filter((l) => l !== "");
  if (decisions.length === 1 && lines.length === 1) {
    const only = decisions[0];
    const m = /^(?:option\s*)?#?(\d+)[.!]?$/i.exec(lines[0]);
    if (m && only.options.some((o) => o.number === Number(m[1]))) {
      answers.set(only.id, { selected: Number(m[1]) });
      return answers;
    }
  }
  const ids = [...decisions].sort((a, b) => b.id.length - a.id.length).map((d) => escapeRegExp(d.id)).join("|");
  const byId = new RegExp(`^(?:decision\\s*)?(${ids})\\s*[:=)\\-\u2013\u2014.]\\s*(.*)$`, "i");
  const positional = /^(\d+)\s*[.:)=\-–—]\s*(.*)$/;
  for (const line of lines) {
    let target;
    let value = "";
    const idMatch = byId.exec(line);
    if (idMatch) {
      const key = idMatch[1].toLowerCase();
      target = decisions.find((d) => d.id.toLowerCase() === key);
      value = idMatch[2];
    } else {
      const pos = positional.exec(line);
      if (pos) {
        target = decisions[Number(pos[1]) - 1];
        value = pos[2];
      }
    }
    if (target === void 0) continue;
    const answer = readValue(value, target);
    if (answer !== null) answers.set(target.id, answer);
  }
  return answers;
}
function isFollowUpQuestion(text) {
  return /\?\s*$/.test(text.trim());
}
function followUpAnswer(d) {
  const parts = [];
  if (d.context.trim() !== "") parts.push(d.context.trim());
  for (const o of d.options) {
    const description = o.description.trim() === "" ? "" : `: ${o.description.trim()}`;
    parts.push(`Option ${o.number} (${o.label})${description}.`);
  }
  if (d.recommendation !== null) {
    const why = d.rationale.trim() === "" ? "" : ` because ${d.rationale.trim()}`;
    parts.push(`Ralph recommends option ${d.recommendation}${why}.`);
  }
  if (d.critical) parts.push("This decision is critical: planning waits for an explicit answer.");
  return parts.join(" ");
}
function resetDecisions(decisions) {
  return decisions.map((d) => ({ ...d, selected: null, custom: null, followUps: [] }));
}

// src/core/machine/planning.ts
var RALPH_AUTHOR = "(ralph)";
function wantsResearch(s, ctx) {
  const mode = ctx.config.planning.research;
  return !s.researchDone && (mode === "always" || mode === "auto" && s.complexity === "complex");
}
function consensusWanted(ctx) {
  return consensusApplies(ctx.config.planning, ctx.s.complexity);
}
var RESET_DECISIONS = /(^|\s)--reset-decisions(?=\s|$)/;
function startPlanning(ctx, rawNotes, goal) {
  const s = ctx.s;
  const reset = RESET_DECISIONS.test(rawNotes);
  const notes = rawNotes.replace(RESET_DECISIONS, " ").trim();
  if (reset) {
    s.decisions = resetDecisions(s.decisions);
    if (s.decisions.length === 0) s.researchDone = false;
  }
  if (notes !== "") s.planNotes.push(clip(notes, MAX_HUMAN_TEXT));
  if (goal !== void 0 && goal.trim() !== "") s.complexity = assessComplexity(goal).level;
  Object.assign(s, { ...freshRound(), returnPhase: null });
  forgetClosedPr(s);
  if (s.followUp) s.followUp.current = null;
  resetBreaker(ctx);
  if (reset && s.decisions.length > 0) {
    enter(ctx, "decisions");
    emit(ctx, { type: "post_decisions" });
    return;
  }
  if (wantsResearch(s, ctx)) dispatch(ctx, "planning", "research");
  else dispatch(ctx, "planning", "plan");
}
var unresolvedCritical = (s) => s.decisions.filter((d) => d.critical && !isResolved(d));
function requestPlanning(ctx, notes, goal, source) {
  const s = ctx.s;
  switch (s.phase) {
    case "idle":
    case "done":
    case "ci":
    case "failed":
    case "stopped":
      startPlanning(ctx, notes, goal);
      return;
    case "questions":
    case "awaiting_approval":
    case "run_gate":
      if (source === "trigger") {
        alreadyWorking(ctx);
        return;
      }
      startPlanning(ctx, notes, goal);
      return;
    case "decisions": {
      if (source === "trigger") {
        alreadyWorking(ctx);
        return;
      }
      const open2 = unresolvedCritical(s);
      if (open2.length > 0 && !RESET_DECISIONS.test(notes)) {
        reply(
          ctx,
          `Ralph needs an answer to the critical decision${open2.length > 1 ? "s" : ""} ${open2.map((d) => `**${d.id}**`).join(", ")} before it plans. Reply with the option numbers (e.g. \`${open2[0].id}: 1\`).`
        );
        return;
      }
      startPlanning(ctx, notes, goal);
      return;
    }
    case "planning":
    case "consensus":
    case "plan_invalidated":
      if (source === "command" && notes !== "") {
        s.planNotes.push(clip(notes, MAX_HUMAN_TEXT));
        reply(ctx, "Ralph is already planning; its next planner run will read your notes.");
        return;
      }
      alreadyWorking(ctx);
      return;
    case "implementing":
    case "verifying":
      reply(
        ctx,
        `Ralph is ${PHASE_WORDS2[s.phase]} the approved plan. To change course, use \`/ralph replan <reason>\` (or \`/ralph stop\`).`
      );
      return;
  }
}
function alreadyWorking(ctx) {
  reply(ctx, `Ralph is already on this issue (${PHASE_WORDS2[ctx.s.phase]}).`);
}
var NO_MORE_QUESTIONS = "No answer: the question limit (planning.max_question_rounds) is reached. Use your best judgment and record the assumption in the story notes.";
function onQuestions(ctx, r) {
  const s = ctx.s;
  if (r.questions.length === 0) {
    planFailure(ctx, "the planner returned neither questions nor a PRD");
    return;
  }
  if (s.questionRounds < ctx.config.planning.max_question_rounds) {
    resetBreaker(ctx);
    s.questionRounds += 1;
    s.openQuestions = [...r.questions];
    enter(ctx, "questions");
    emit(ctx, { type: "post_questions", questions: [...r.questions], round: s.questionRounds });
    return;
  }
  s.qa.push(
    ...r.questions.map((question) => ({ question, answer: NO_MORE_QUESTIONS, by: RALPH_AUTHOR }))
  );
  s.openQuestions = [];
  if (tripBreaker(ctx, "questions_over_limit:plan")) {
    fail(
      ctx,
      `circuit breaker: the planner asked questions ${s.breaker.count} times in a row after the question limit (planning.max_question_rounds = ${ctx.config.planning.max_question_rounds})`
    );
    return;
  }
  dispatch(ctx, s.phase, "plan");
}
function planFailure(ctx, what) {
  ctx.s.lastError = `The plan step failed: ${what}.`;
  if (tripBreaker(ctx, "invalid_output:plan")) {
    fail(ctx, `circuit breaker: ${what} ${ctx.s.breaker.count} times in a row`);
    return;
  }
  dispatch(ctx, ctx.s.phase, "plan");
}
function onResearch(ctx, r) {
  const s = ctx.s;
  resetBreaker(ctx);
  s.researchDone = true;
  s.decisions = structuredClone(r.decisions);
  if (s.decisions.length === 0) {
    dispatch(ctx, "planning", "plan");
    return;
  }
  enter(ctx, "decisions");
  emit(ctx, { type: "post_decisions" });
}
function onResearchFailed(ctx, what) {
  const s = ctx.s;
  s.researchDone = true;
  s.lastError = `The research step ${what}; Ralph plans without research findings.`;
  dispatch(ctx, "planning", "plan");
}
function replanSkipsApproval(ctx) {
  return ctx.s.invalidation !== null && !ctx.config.gates.replan && ctx.s.approvedBy.length > 0;
}
function onPrd(ctx, r) {
  const s = ctx.s;
  resetBreaker(ctx);
  const skipApproval = replanSkipsApproval(ctx);
  const sameSpec = s.specId === null || s.specId === r.specId;
  const verified = new Map(
    (sameSpec ? s.prd?.stories ?? [] : []).filter((st) => st.status === "passed").map((st) => [st.id, st])
  );
  s.prd = {
    revision: r.revision,
    number: sameSpec ? (s.prd?.number ?? 0) + 1 : 1,
    branchName: r.prd.branchName,
    commentId: null,
    stories: storiesInOrder(r.prd).map((story, _, all) => {
      const title = storyTitle(story.title, all.length);
      const before = verified.get(story.id);
      if (before !== void 0 && sameStoryTitle(before.title, story.title)) {
        return { ...structuredClone(before), title, attempts: 0 };
      }
      return { id: story.id, title, status: "pending", attempts: 0, commit: null };
    })
  };
  s.branch = r.branch;
  s.specId = r.specId;
  s.specsDone = s.specsDone.filter((id) => id !== r.specId);
  s.specsLeft = [...r.specsLeft ?? []];
  s.understandAdvice = r.understand ? structuredClone(r.understand) : null;
  s.openQuestions = [];
  s.approvals = s.approvals.filter((a) => a.revision === r.revision);
  if (!skipApproval) {
    s.approvedBy = [];
    s.runGatePassed = false;
  }
  if (consensusWanted(ctx) && s.consensusRounds < ctx.config.planning.consensus_max_rounds) {
    dispatch(ctx, "consensus", "consensus");
    return;
  }
  presentPrd(ctx, skipApproval);
}
function onCritic(ctx, r) {
  const s = ctx.s;
  resetBreaker(ctx);
  const skipApproval = replanSkipsApproval(ctx);
  if (r.verdict === "OKAY") {
    s.concerns = [];
    presentPrd(ctx, skipApproval);
    return;
  }
  s.consensusRounds += 1;
  const feedback = r.feedback.length > 0 ? r.feedback : ["The critic rejected the plan without specific feedback."];
  if (s.consensusRounds >= ctx.config.planning.consensus_max_rounds) {
    s.concerns = feedback.filter((f) => !f.startsWith("Architect guidance:"));
    presentPrd(ctx, skipApproval);
    return;
  }
  s.feedback.push(...feedback.map((f) => `Critic (round ${s.consensusRounds}): ${f}`));
  dispatch(ctx, "planning", "plan");
}
function presentPrd(ctx, skipApproval) {
  const s = ctx.s;
  if (s.prd === null) {
    fail(ctx, "internal: no PRD to present");
    return;
  }
  if (s.prNumber === null) emit(ctx, { type: "open_pr", draft: true });
  emit(ctx, { type: "post_prd", revision: s.prd.revision, concerns: [...s.concerns] });
  if (skipApproval) {
    startImplementation(ctx);
    return;
  }
  enter(ctx, "awaiting_approval");
}

// src/core/machine/control.ts
function stop(ctx, actor) {
  const s = ctx.s;
  if (s.phase === "idle" || s.phase === "done" || s.phase === "failed" || s.phase === "stopped") {
    reply(ctx, `There is nothing to stop: Ralph is ${PHASE_WORDS2[s.phase]}.`);
    return;
  }
  const running = isAgentPhase(s.phase);
  s.resumePhase = s.phase;
  s.resumeStep = s.pendingStep;
  s.stopReason = `stopped by @${actor.login}`;
  enter(ctx, "stopped");
  if (running) emit(ctx, { type: "cancel_run" });
  reply(
    ctx,
    `Stopped by @${actor.login}${running ? " after the current agent step" : ""}. Comment \`/ralph run\` to resume.`
  );
}
function run(ctx) {
  const s = ctx.s;
  switch (s.phase) {
    case "run_gate":
      s.runGatePassed = true;
      startImplementation(ctx);
      return;
    case "stopped":
    case "failed":
      resume(ctx);
      return;
    case "awaiting_approval":
      reply(
        ctx,
        "The PRD is not approved yet: approve it first (`/approve`), then implementation starts."
      );
      return;
    default:
      reply(
        ctx,
        isAgentPhase(s.phase) ? `Ralph is already running (${PHASE_WORDS2[s.phase]}).` : `There is nothing to run: Ralph is ${PHASE_WORDS2[s.phase]}.`
      );
      return;
  }
}
var STEP_OF_PHASE = {
  planning: "plan",
  consensus: "consensus",
  implementing: "implement",
  verifying: "verify",
  plan_invalidated: "plan"
};
function resume(ctx) {
  const s = ctx.s;
  const phase = s.resumePhase;
  const step = s.resumeStep ?? (phase === null ? void 0 : STEP_OF_PHASE[phase]);
  Object.assign(s, { resumePhase: null, resumeStep: null, stopReason: null });
  resetBreaker(ctx);
  if (phase === null || phase === "failed" || phase === "stopped") {
    if (s.prd !== null && s.approvedBy.length > 0) {
      startImplementation(ctx);
      return;
    }
    if (s.prd !== null) {
      enter(ctx, "awaiting_approval");
      return;
    }
    startPlanning(ctx, "", void 0);
    return;
  }
  if (step === void 0) {
    enter(ctx, phase);
    return;
  }
  const storyId = step === "implement" || step === "verify" ? s.currentStory ?? void 0 : void 0;
  if (storyId === void 0 && (step === "implement" || step === "verify")) {
    startImplementation(ctx);
    return;
  }
  const story = findStory(s, storyId ?? null);
  if (story !== void 0 && story.status === "failed") {
    story.status = "running";
    story.attempts = 0;
  }
  dispatch(ctx, isAgentPhase(phase) ? phase : "planning", step, storyId);
}
var UNDERSTAND_FROM = [
  "idle",
  "questions",
  "decisions",
  "awaiting_approval",
  "run_gate",
  "done"
];
function understand(ctx) {
  const s = ctx.s;
  if (!UNDERSTAND_FROM.includes(s.phase)) {
    reply(
      ctx,
      isAgentPhase(s.phase) ? `Ralph is busy (${PHASE_WORDS2[s.phase]}); comment \`/ralph understand\` again when it waits for you.` : `Ralph is ${PHASE_WORDS2[s.phase]}; comment \`/ralph run\` or \`/ralph plan\` first.`
    );
    return;
  }
  const from = s.phase;
  if (dispatch(ctx, "planning", "understand")) s.returnPhase = from;
}
function onUnderstood(ctx) {
  const s = ctx.s;
  resetBreaker(ctx);
  const back = s.returnPhase;
  s.returnPhase = null;
  if (back === null || isAgentPhase(back)) {
    dispatch(ctx, "planning", "plan");
    return;
  }
  enter(ctx, back);
}

// src/core/machine/agent-results.ts
function handleAgentResult(ctx, result, usage, runUrl) {
  const s = ctx.s;
  countUsage(ctx, usage);
  if (runUrl !== void 0 && runUrl !== "") s.runUrl = runUrl;
  if (s.phase === "stopped") {
    whileStopped(ctx, result);
    return;
  }
  if (!isAgentPhase(s.phase) || s.pendingStep !== result.step) return;
  route(ctx, result);
}
function countUsage(ctx, usage) {
  const c = ctx.s.counters;
  const runs = usage?.runs;
  c.agentRuns += typeof runs === "number" && Number.isInteger(runs) && runs >= 0 ? runs : 1;
  const cost = usage?.costUsd;
  if (typeof cost === "number" && Number.isFinite(cost) && cost > 0) c.costUsd += cost;
  const tokens = usage?.tokens;
  if (typeof tokens === "number" && Number.isFinite(tokens) && tokens > 0)
    c.tokens += Math.round(tokens);
}
function whileStopped(ctx, result) {
  const s = ctx.s;
  if (s.resumePhase === null || !isAgentPhase(s.resumePhase) || s.resumeStep !== result.step)
    return;
  const stopReason = s.stopReason;
  s.phase = s.resumePhase;
  s.pendingStep = s.resumeStep;
  const mark = ctx.effects.length;
  route(ctx, result);
  if (s.phase === "done" || s.phase === "failed") return;
  s.resumePhase = s.phase;
  s.resumeStep = s.pendingStep;
  s.phase = "stopped";
  s.pendingStep = null;
  s.stopReason = stopReason;
  const kept = ctx.effects.filter((e, i) => i < mark || e.type !== "dispatch");
  ctx.effects.splice(0, ctx.effects.length, ...kept);
}
function route(ctx, r) {
  switch (r.kind) {
    case "questions":
      onQuestions(ctx, r);
      return;
    case "prd":
      onPrd(ctx, r);
      return;
    case "decisions":
      onResearch(ctx, r);
      return;
    case "critic":
      onCritic(ctx, r);
      return;
    case "understood":
      onUnderstood(ctx);
      return;
    case "amended":
      onAmended(ctx, r);
      return;
    case "base_merged":
      onBaseMerged(ctx, r);
      return;
    case "regression":
      ctx.baseAhead = r.baseAhead ?? null;
      onRegression(ctx, r);
      return;
    case "implemented":
    case "no_progress":
    case "verdict": {
      const story = currentStory(ctx, r.storyId);
      if (story === void 0) return;
      if (r.kind === "implemented") {
        onImplemented(ctx, story, r);
        return;
      }
      if (r.kind === "no_progress") {
        onNoProgress(ctx, story);
        return;
      }
      ctx.baseAhead = r.baseAhead ?? null;
      onVerdict(ctx, story, r);
      return;
    }
    case "invalid_output":
    case "timeout":
    case "usage_limit":
    case "crash":
      if (r.step === "research") {
        onResearchFailed(ctx, `${FAILURE_WORDS[r.kind]}${failureDetail(r)}`);
        return;
      }
      onFailure(ctx, r);
      return;
  }
}
function failureDetail(r) {
  return r.kind === "crash" ? `: ${clip(r.message, 300)}` : r.kind === "invalid_output" && r.errors.length > 0 ? `: ${clip(r.errors.join("; "), 300)}` : "";
}
var FAILURE_WORDS = {
  invalid_output: "returned invalid output",
  timeout: "timed out",
  usage_limit: "hit the agent's usage limit",
  crash: "crashed"
};
function onFailure(ctx, r) {
  const s = ctx.s;
  const detail = failureDetail(r);
  s.lastError = `The ${r.step} step ${FAILURE_WORDS[r.kind]}${detail}.`;
  if (tripBreaker(ctx, `${r.kind}:${r.step}`)) {
    fail(
      ctx,
      `circuit breaker: the ${r.step} step ${FAILURE_WORDS[r.kind]} ${s.breaker.count} times in a row${detail}`
    );
    return;
  }
  const storyId = r.step === "implement" || r.step === "verify" ? s.currentStory ?? void 0 : void 0;
  dispatch(ctx, s.phase, r.step, storyId);
}

// src/core/machine/approvals.ts
function handleApproval(ctx, ev) {
  const { s, config: config2 } = ctx;
  const loud = ev.channel === "comment";
  if (ev.actor.isBot) return;
  if (ev.channel === "reaction" && !config2.approvals.reactions) return;
  if (ev.channel === "review" && !config2.approvals.reviews) return;
  const denial = approvalDenial(ev.actor, config2);
  if (denial !== null) {
    if (loud) deny(ctx, ev.actor, denial);
    return;
  }
  if (s.phase !== "awaiting_approval" || s.prd === null) {
    if (loud) reply(ctx, notNow(ctx));
    return;
  }
  const current = s.prd.revision;
  if (ev.revision !== current) {
    if (loud) {
      reply(
        ctx,
        `@${ev.actor.login}, that approval is for an older revision of the PRD, so it does not count. The current one is revision ${s.prd.number} (\`${short(current)}\`): please review it and approve again.`
      );
    }
    return;
  }
  const already = s.approvals.some(
    (a) => a.revision === current && sameLogin(a.login, ev.actor.login)
  );
  const onChannel = s.approvals.find(
    (a) => a.revision === current && a.channel === ev.channel && sameLogin(a.login, ev.actor.login)
  );
  if (onChannel === void 0) {
    s.approvals.push({
      login: ev.actor.login,
      revision: current,
      channel: ev.channel,
      ...ev.reviewId === void 0 ? {} : { reviewId: ev.reviewId }
    });
  } else if (ev.reviewId !== void 0 && onChannel.reviewId !== ev.reviewId) {
    onChannel.reviewId = ev.reviewId;
  }
  const approvers = distinctApprovers(s.approvals, current);
  const required2 = config2.approvals.required;
  if (approvers.length < required2) {
    if (loud) {
      reply(
        ctx,
        already ? `@${ev.actor.login}, your approval is already counted (${approvers.length} of ${required2}); another approver is needed.` : `Approval by @${ev.actor.login} counted (${approvers.length} of ${required2} required).`
      );
    }
    return;
  }
  s.approvedBy = approvers;
  if (config2.gates.run && !s.runGatePassed) {
    enter(ctx, "run_gate");
    reply(
      ctx,
      `PRD approved by ${approvers.map((l) => `@${l}`).join(", ")}. \`gates.run\` is on: comment \`/ralph run\` to start implementation.`
    );
    return;
  }
  startImplementation(ctx);
}
function distinctApprovers(approvals, revision) {
  const out = [];
  for (const a of approvals) {
    if (a.revision === revision && !out.some((l) => sameLogin(l, a.login))) out.push(a.login);
  }
  return out;
}
function notNow(ctx) {
  const phase = ctx.s.phase;
  if (phase === "run_gate")
    return "The PRD is already approved; comment `/ralph run` to start implementation.";
  if (phase === "implementing" || phase === "verifying")
    return "The PRD is already approved and being implemented.";
  return `There is no PRD waiting for approval (Ralph is ${PHASE_WORDS2[phase]}).`;
}
function withdrawApproval(ctx, channel, login) {
  const s = ctx.s;
  if (s.phase !== "awaiting_approval" && s.phase !== "run_gate" || s.prd === null) return;
  const current = s.prd.revision;
  const kept = s.approvals.filter(
    (a) => !(a.revision === current && a.channel === channel && sameLogin(a.login, login))
  );
  if (kept.length === s.approvals.length) return;
  s.approvals = kept;
  if (s.phase !== "run_gate") return;
  const approvers = distinctApprovers(kept, current);
  const required2 = ctx.config.approvals.required;
  if (approvers.length >= required2) {
    s.approvedBy = approvers;
    return;
  }
  s.approvedBy = [];
  enter(ctx, "awaiting_approval");
  reply(
    ctx,
    `The approval by @${login} was withdrawn (${channel === "review" ? "the approving review was dismissed" : "the \u{1F44D} was removed"}): the PRD needs approval again (${approvers.length} of ${required2}) before implementation can start.`
  );
}
function approveCommand(ctx, actor, specArg, revision) {
  const s = ctx.s;
  const spec = specArg.trim().split(/\s+/)[0] ?? "";
  if (s.phase === "awaiting_approval" && spec !== "" && spec !== s.specId) {
    reply(
      ctx,
      `There is no spec ${code2(spec)} waiting for approval here${s.specId === null ? "" : `; the PRD waiting for approval is for ${code2(s.specId)}`}.`
    );
    return;
  }
  handleApproval(ctx, { channel: "comment", actor, revision: revision ?? s.prd?.revision ?? "" });
}

// src/core/machine/changes.ts
var REVISABLE = ["awaiting_approval", "run_gate", "failed", "stopped"];
function revise(ctx, actor, feedback, source) {
  const s = ctx.s;
  const text = feedback.trim();
  if (text !== "" && followUpStage(s) === "amending") {
    requestFollowUp(ctx, { source: "fix", actor, feedback: { text: [text] } });
    return;
  }
  if (source === "command" && text === "" && s.prd !== null && REVISABLE.includes(s.phase)) {
    reply(ctx, "Tell Ralph what to change: `/ralph revise <feedback>`.");
    return;
  }
  const entry = `@${actor.login}: ${clip(text === "" ? "requested changes without details" : text, MAX_HUMAN_TEXT)}`;
  if (s.phase === "planning" || s.phase === "consensus" || s.phase === "plan_invalidated") {
    if (text === "") {
      reply(ctx, "Ralph is already planning.");
      return;
    }
    s.feedback.push(entry);
    reply(ctx, "Ralph is planning; its next planner run will read your feedback.");
    return;
  }
  if (s.prd === null || !REVISABLE.includes(s.phase)) {
    reply(ctx, notRevisable(ctx, source));
    return;
  }
  s.feedback.push(entry);
  Object.assign(s, {
    approvals: [],
    approvedBy: [],
    runGatePassed: false,
    consensusRounds: 0,
    concerns: [],
    stopReason: null,
    resumePhase: null,
    resumeStep: null
  });
  resetBreaker(ctx);
  dispatch(ctx, "planning", "plan");
}
function notRevisable(ctx, source) {
  const phase = ctx.s.phase;
  switch (phase) {
    case "implementing":
    case "verifying":
      return "The PRD is approved and being implemented. To change the plan, use `/ralph replan <reason>`.";
    case "questions":
    case "decisions":
      return "Ralph is waiting for answers to its questions: reply to them (or `/ralph skip`), or restart with `/ralph plan <notes>`.";
    case "done":
    case "ci":
      return source === "review" ? "Ralph has finished this issue. Request changes as a user with write access, or comment `/ralph fix <what to change>`, to have Ralph follow up on the same pull request." : "Ralph has finished this issue. Comment `/ralph fix <what to change>` for a follow-up on the same pull request, or `/ralph plan <notes>` to start a new planning round.";
    default:
      return `There is no PRD to revise (Ralph is ${PHASE_WORDS2[phase]}); use \`/ralph plan <notes>\`.`;
  }
}
var REPLANNABLE = [
  "awaiting_approval",
  "run_gate",
  "implementing",
  "verifying",
  "failed",
  "stopped"
];
function replan(ctx, actor, reasonArg) {
  const s = ctx.s;
  if (s.prd === null || !REPLANNABLE.includes(s.phase)) {
    reply(
      ctx,
      s.phase === "done" ? "Ralph has finished this issue. Comment `/ralph plan <notes>` to start a new planning round." : s.prd === null ? "There is no plan to invalidate yet; use `/ralph plan`." : `Ralph is ${PHASE_WORDS2[s.phase]}; use \`/ralph plan <notes>\` or \`/ralph revise <feedback>\` instead.`
    );
    return;
  }
  const max = ctx.config.limits.max_replans;
  if (s.counters.replans >= max) {
    reply(
      ctx,
      `All ${max} re-plans are used (limits.max_replans). Raise the limit in \`.github/ralph.yml\`, or use \`/ralph revise <feedback>\` before implementation starts.`
    );
    return;
  }
  if (s.phase === "awaiting_approval" || s.phase === "run_gate") {
    s.approvedBy = [];
    s.runGatePassed = false;
  }
  Object.assign(s, { stopReason: null, resumePhase: null, resumeStep: null });
  resetBreaker(ctx);
  const story = s.prd.stories.find((st) => st.id === s.currentStory && st.status === "running");
  if (story !== void 0) story.status = "pending";
  const reason = reasonArg.trim() === "" ? `re-plan requested by @${actor.login}` : reasonArg.trim();
  invalidatePlan(ctx, reason, `@${actor.login} invalidated the plan with \`/ralph replan\`.`);
}

// src/core/help.ts
var HELP_TEXT = `**Ralph commands** (one per line, in a new comment; only users with write access can run them, \`help\` and \`status\` work for everyone who can read):

| command | effect |
|---|---|
${commandHelpRows().join("\n")}

You can also approve with a \u{1F44D} reaction on the PRD comment or an approving review on Ralph's pull request.`;

// src/core/machine/answers.ts
var NUMBERED = /^\s*(?:\*\*)?(\d{1,3})(?:\*\*)?\s*[.):](?:\*\*)?\s*(.*)$/;
function answersFrom(questions, body, by) {
  const text = body.trim();
  if (questions.length === 0 || text === "") return [];
  const numbered = splitNumbered(text);
  if (numbered !== null && numbered.size === questions.length) {
    const entries = questions.map((question2, i) => ({
      question: question2,
      answer: numbered.get(i + 1) ?? "",
      by
    }));
    if (entries.every((e) => e.answer !== "")) return entries;
  }
  const question = questions.length === 1 ? questions[0] : questions.map((q, i) => `${i + 1}. ${q}`).join("\n");
  return [{ question, answer: text, by }];
}
function splitNumbered(text) {
  const blocks = /* @__PURE__ */ new Map();
  let current = null;
  for (const line of text.split(/\r?\n/)) {
    const match = NUMBERED.exec(line);
    if (match) {
      current = Number(match[1]);
      if (blocks.has(current)) return null;
      blocks.set(current, [match[2] ?? ""]);
    } else if (current !== null) {
      blocks.get(current).push(line);
    } else if (line.trim() !== "") {
      return null;
    }
  }
  if (blocks.size === 0) return null;
  const out = /* @__PURE__ */ new Map();
  for (const [n, lines] of blocks) out.set(n, lines.join("\n").trim());
  for (let n = 1; n <= out.size; n++) if (!out.has(n)) return null;
  return out;
}

// src/core/machine/conversation.ts
var BEST_JUDGMENT = "Use your best judgment.";
function handleComment(ctx, actor, body, commentId) {
  if (!isTrusted(actor) || body.trim() === "" || !readsPlainComments(ctx.s)) return;
  if (ctx.s.phase === "questions") {
    emit(ctx, { type: "acknowledge", commentId });
    recordAnswers(ctx, actor, body);
    dispatch(ctx, "planning", "plan");
    return;
  }
  if (ctx.s.phase === "planning") {
    emit(ctx, { type: "acknowledge", commentId });
    recordAnswers(ctx, actor, body);
    return;
  }
  if (ctx.s.phase === "decisions") {
    emit(ctx, { type: "acknowledge", commentId });
    answerDecisions(ctx, body);
    return;
  }
}
function readsPlainComments(s) {
  return s.phase === "questions" || s.phase === "decisions" || s.phase === "planning" && s.openQuestions.length > 0;
}
function recordAnswers(ctx, actor, body) {
  const s = ctx.s;
  s.qa.push(
    ...answersFrom(s.openQuestions, body, actor.login).map((e) => ({
      ...e,
      answer: clip(e.answer, MAX_HUMAN_TEXT)
    }))
  );
}
function answerDecisions(ctx, body) {
  const s = ctx.s;
  const picks = parseDecisionReply(body, s.decisions);
  const open2 = s.decisions.filter((d) => !isResolved(d));
  if (picks.size === 0 && isFollowUpQuestion(body)) {
    for (const d of open2.length > 0 ? open2 : s.decisions) picks.set(d.id, { custom: body.trim() });
  }
  const asked = [];
  for (const d of s.decisions) {
    const pick2 = picks.get(d.id);
    if (pick2 !== void 0 && "custom" in pick2 && isFollowUpQuestion(pick2.custom)) {
      picks.delete(d.id);
      d.followUps.push({ question: clip(pick2.custom, MAX_HUMAN_TEXT), answer: followUpAnswer(d) });
      asked.push(d);
    }
  }
  recordPicks(s.decisions, picks);
  if (asked.length > 0) {
    emit(ctx, { type: "post_decisions" });
    return;
  }
  if (picks.size === 0) {
    const example = s.decisions[0]?.id ?? "D1";
    reply(
      ctx,
      `Ralph could not read a decision from that reply. Answer with the option number per decision, one per line (e.g. \`${example}: 2\`), or \`/ralph skip\` to take the recommendations for the non-critical ones.`
    );
    return;
  }
  proceedIfDecided(ctx);
}
function recordPicks(decisions, picks) {
  for (const d of decisions) {
    const pick2 = picks.get(d.id);
    if (pick2 === void 0) continue;
    if ("selected" in pick2) {
      d.selected = pick2.selected;
      d.custom = null;
    } else {
      d.selected = null;
      d.custom = clip(pick2.custom, MAX_HUMAN_TEXT);
    }
  }
}
function openCritical(decisions) {
  return decisions.filter((d) => d.critical && !isResolved(d));
}
function proceedIfDecided(ctx, skipping = false) {
  const s = ctx.s;
  if (skipping) takeRecommendations(s.decisions);
  const open2 = openCritical(s.decisions);
  if (open2.length > 0) {
    reply(
      ctx,
      `Still waiting for ${open2.length === 1 ? "the critical decision" : "the critical decisions"} ${open2.map((d) => `**${d.id}** (${d.title})`).join(", ")}: critical decisions cannot be skipped.`
    );
    return;
  }
  takeRecommendations(s.decisions);
  dispatch(ctx, "planning", "plan");
}
function takeRecommendations(decisions) {
  for (const d of decisions) {
    if (!d.critical && !isResolved(d) && d.recommendation !== null) d.selected = d.recommendation;
  }
}
function skip(ctx, actor) {
  const s = ctx.s;
  if (s.phase === "questions") {
    s.qa.push(
      ...s.openQuestions.map((question) => ({ question, answer: BEST_JUDGMENT, by: actor.login }))
    );
    s.openQuestions = [];
    dispatch(ctx, "planning", "plan");
    return;
  }
  if (s.phase === "decisions") {
    proceedIfDecided(ctx, true);
    return;
  }
  reply(
    ctx,
    `There is nothing to skip: Ralph has no open questions (it is ${PHASE_WORDS2[s.phase]}).`
  );
}

// src/core/machine/commands.ts
var COMMAND_HANDLERS = {
  plan: (ctx, ev, args) => requestPlanning(ctx, args.trim(), ev.goal, "command"),
  approve: (ctx, ev, args) => approveCommand(ctx, ev.actor, args, ev.revision),
  revise: (ctx, ev, args) => revise(ctx, ev.actor, args, "command"),
  fix: (ctx, ev, args) => fixCommand(ctx, ev, args),
  update: (ctx) => updateCommand(ctx),
  replan: (ctx, ev, args) => replan(ctx, ev.actor, args),
  skip: (ctx, ev) => skip(ctx, ev.actor),
  run: (ctx) => run(ctx),
  stop: (ctx, ev) => stop(ctx, ev.actor),
  understand: (ctx) => understand(ctx),
  status: (ctx, ev) => {
    if (isTrusted(ev.actor)) emit(ctx, { type: "refresh_status" });
  },
  help: (ctx, ev) => reply(ctx, HELP_TEXT, helpKey(ev.actor))
};
function helpKey(actor) {
  return isTrusted(actor) ? void 0 : `help:${actor.login.toLowerCase()}`;
}
function handleCommand(ctx, ev) {
  const { command, actor } = ev;
  if (actor.isBot) return;
  if (command.name === "approve") {
    const denial = approvalDenial(actor, ctx.config);
    if (denial !== null) {
      deny(ctx, actor, denial);
      return;
    }
  } else if (!mayCommand(actor, command.name)) {
    deny(ctx, actor, COMMAND_DENIED);
    return;
  }
  if (ev.commentId !== void 0 && isTrusted(actor)) {
    emit(ctx, { type: "acknowledge", commentId: ev.commentId });
  }
  if (refusedAfterPrClosed(ctx, command.name)) return;
  if (command.name === "unknown") {
    const near = nearestWord(command.subcommand, COMMAND_NAMES);
    const hint = near === null ? "" : ` Did you mean ${code2(`/ralph ${near}`)}?`;
    const body = `Unknown command ${code2(`/ralph ${command.subcommand}`)}.${hint}

${HELP_TEXT}`;
    reply(ctx, body, helpKey(actor));
    return;
  }
  COMMAND_HANDLERS[command.name](ctx, ev, command.args);
}

// src/core/machine/index.ts
function transition(state, event, config2) {
  try {
    const ctx = makeCtx(state, config2);
    route2(ctx, event);
    return finish(ctx);
  } catch (error2) {
    const message = error2 instanceof Error ? error2.message : String(error2);
    return {
      state,
      effects: [
        {
          type: "reply",
          body: `Ralph hit an internal error and changed nothing: ${message}`,
          key: "internal-error"
        }
      ]
    };
  }
}
function route2(ctx, ev) {
  if (ignoredAfterPrClosed(ctx.s, ev)) return;
  switch (ev.type) {
    case "command":
      handleCommand(ctx, ev);
      return;
    case "comment":
      handleComment(ctx, ev.actor, ev.body, ev.commentId);
      return;
    case "trigger":
      if (ev.actor.isBot || replayedTrigger(ctx.s, ev.at)) return;
      if (!isTrusted(ev.actor)) {
        deny(ctx, ev.actor, "Ralph only starts for users with write access to this repository");
        return;
      }
      if (ev.at !== void 0 && Number.isFinite(Date.parse(ev.at))) ctx.s.triggeredAt = ev.at;
      requestPlanning(ctx, "", ev.goal, "trigger");
      return;
    case "approval":
      handleApproval(ctx, ev);
      return;
    case "approval_withdrawn":
      withdrawApproval(ctx, ev.channel, ev.login);
      return;
    case "changes_requested":
      if (ev.actor.isBot) return;
      if (reviewFollowUp(ctx, ev)) return;
      if (isTrusted(ev.actor)) revise(ctx, ev.actor, ev.feedback, "review");
      else if (approvalDenial(ev.actor, ctx.config) === null) revise(ctx, ev.actor, "", "review");
      return;
    case "agent_result":
      handleAgentResult(ctx, ev.result, ev.usage, ev.runUrl);
      return;
    case "followup_request":
      if (!requestFollowUp(ctx, followUpRequestOf(ev))) notYet(ctx, ev.actor ?? null);
      return;
    case "budget_exhausted":
      if (ctx.s.phase === "done" || ctx.s.phase === "failed") return;
      fail(ctx, ev.reason.startsWith("budget") ? ev.reason : `budget exhausted: ${ev.reason}`);
      return;
    case "run_failed":
      if (!isAgentPhase(ctx.s.phase)) return;
      if (ev.runUrl !== null) ctx.s.runUrl = ev.runUrl;
      fail(
        ctx,
        `the Actions run ended with "${ev.conclusion}"${ev.runUrl === null ? "" : ` (${ev.runUrl})`}`
      );
      return;
    case "pr_closed":
      onPrClosed(ctx, ev);
      return;
    case "pr_reopened":
      onPrReopened(ctx, ev);
      return;
    case "ci_result":
      onCiResult(ctx, ev);
      return;
    case "base_unmergeable":
      onBaseUnmergeable(ctx, ev);
      return;
  }
}
function replayedTrigger(s, at) {
  const time2 = at === void 0 ? Number.NaN : Date.parse(at);
  const last2 = s.triggeredAt === null ? Number.NaN : Date.parse(s.triggeredAt);
  return Number.isFinite(time2) && time2 <= last2;
}

// src/github/mergeability.ts
var MERGEABILITY_RETRY_DELAYS_MS = [1e3, 2e3, 4e3];
var realSleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
async function readMergeability(gh, pr, options = {}) {
  const delays = options.retryDelaysMs ?? MERGEABILITY_RETRY_DELAYS_MS;
  const sleep = options.sleep ?? realSleep;
  for (let attempt = 0; ; attempt++) {
    const res = await gh.client.request("GET /repos/{owner}/{repo}/pulls/{pull_number}", {
      ...repoParams(gh),
      pull_number: pr
    });
    const pull = res.data;
    const headSha = pull.head.sha;
    if (pull.state === "closed") return { kind: "closed", merged: pull.merged === true, headSha };
    if (pull.mergeable === false || pull.mergeable_state === "dirty") {
      return { kind: "conflicts", headSha, baseSha: pull.base.sha ?? "" };
    }
    if (pull.mergeable === true) {
      return {
        kind: "mergeable",
        state: pull.mergeable_state,
        behind: pull.mergeable_state === "behind",
        headSha
      };
    }
    const delay = delays[attempt];
    if (delay === void 0) return { kind: "unknown", headSha };
    await sleep(delay);
  }
}

// src/github/job-logs.ts
var JOB_LOG_TAIL_BYTES = 64 * 1024;
var JOB_LOG_MAX_BYTES = 16 * 1024 * 1024;
async function readJobLogTail(gh, jobId, options = {}) {
  const limits = {
    ...options.maxLines === void 0 ? {} : { maxLines: options.maxLines },
    ...options.maxChars === void 0 ? {} : { maxChars: options.maxChars }
  };
  let res;
  try {
    res = await gh.client.request("GET /repos/{owner}/{repo}/actions/jobs/{job_id}/logs", {
      ...repoParams(gh),
      job_id: jobId,
      request: { redirect: "manual" }
    });
  } catch (error2) {
    const status = httpStatus(error2);
    if (status === 404 || status === 410) return null;
    throw error2;
  }
  if (res.status === 200 && typeof res.data === "string") return logTail(res.data, limits);
  const location = res.headers.location;
  if (typeof location !== "string" || location === "") return null;
  const text = await readTail(location, options);
  return text === null ? null : logTail(text.text, { ...limits, startsMidLine: text.partial });
}
async function readTail(url, options) {
  const tailBytes = options.tailBytes ?? JOB_LOG_TAIL_BYTES;
  const maxBytes = options.maxBytes ?? JOB_LOG_MAX_BYTES;
  const get = options.fetch ?? globalThis.fetch;
  const res = await get(url, {
    headers: { range: `bytes=-${tailBytes}` },
    signal: AbortSignal.timeout(options.timeoutMs ?? 3e4)
  });
  if (res.status === 404 || res.status === 410) return null;
  if (res.status === 416) return { text: "", partial: false };
  if (!res.ok || res.body === null) {
    throw new Error(`reading a job log answered ${res.status} ${res.statusText}`);
  }
  const ranged = res.status === 206 && !/^bytes 0-/.test(res.headers.get("content-range") ?? "");
  const kept = [];
  let keptBytes = 0;
  let read = 0;
  const reader = res.body.getReader();
  for (; ; ) {
    const { done, value } = await reader.read();
    if (done) break;
    read += value.byteLength;
    if (read > maxBytes) {
      await reader.cancel();
      return null;
    }
    kept.push(value);
    keptBytes += value.byteLength;
    while (kept.length > 1 && keptBytes - (kept[0]?.byteLength ?? 0) >= tailBytes) {
      keptBytes -= kept.shift()?.byteLength ?? 0;
    }
  }
  const bytes2 = Buffer.concat(kept);
  const tail = bytes2.subarray(Math.max(0, bytes2.byteLength - tailBytes));
  return { text: tail.toString("utf8"), partial: ranged || tail.byteLength < read };
}

// src/github/ci-failures.ts
var MAX_FAILURE_LOGS = 5;
async function readCiFailures(gh, failing, options = {}) {
  const maxLogs = options.maxLogs ?? MAX_FAILURE_LOGS;
  const failures = [];
  let logs = 0;
  for (const check of failing) {
    let log;
    if (check.jobId !== null && logs < maxLogs) {
      logs += 1;
      try {
        log = await readJobLogTail(gh, check.jobId, options) ?? void 0;
      } catch (error2) {
        gh.log.warn(`could not read the log of job ${check.jobId}: ${error2.message}`);
      }
    }
    failures.push(failureOf(check, log));
  }
  return failures;
}

// src/github/commit-checks.ts
var PER_PAGE2 = 100;
var MAX_CHECK_PAGES = 3;
var MAX_OUTPUT = 4e3;
var ACTIONS_APP = "github-actions";
async function readCommitChecks(gh, sha, options) {
  const maxPages = options.maxPages ?? MAX_CHECK_PAGES;
  const runs = await listCheckRuns(gh, sha, maxPages);
  const statuses = await listCombinedStatuses(gh, sha, maxPages);
  const own2 = runs.items.some((r) => r.app?.slug === ACTIONS_APP) ? await ownCheckSuites(gh, sha, options.workflow) : /* @__PURE__ */ new Set();
  return {
    checks: [...runs.items.map((r) => fromCheckRun(r, own2)), ...statuses.items.map(fromStatus)],
    truncated: runs.truncated || statuses.truncated
  };
}
async function listCheckRuns(gh, sha, maxPages = MAX_CHECK_PAGES) {
  return pagesOf(maxPages, async (page2) => {
    const res = await gh.client.request("GET /repos/{owner}/{repo}/commits/{ref}/check-runs", {
      ...repoParams(gh),
      ref: sha,
      filter: "latest",
      per_page: PER_PAGE2,
      page: page2
    });
    const data = res.data;
    return { total: data.total_count, items: data.check_runs };
  });
}
async function listCombinedStatuses(gh, sha, maxPages = MAX_CHECK_PAGES) {
  return pagesOf(maxPages, async (page2) => {
    const res = await gh.client.request("GET /repos/{owner}/{repo}/commits/{ref}/status", {
      ...repoParams(gh),
      ref: sha,
      per_page: PER_PAGE2,
      page: page2
    });
    const data = res.data;
    return { total: data.total_count, items: data.statuses };
  });
}
async function pagesOf(maxPages, read) {
  const items = [];
  let total = 0;
  for (let page2 = 1; page2 <= maxPages; page2++) {
    const got = await read(page2);
    total = got.total;
    items.push(...got.items);
    if (got.items.length < PER_PAGE2 || items.length >= total) break;
  }
  return { items, truncated: items.length < total };
}
async function ownCheckSuites(gh, sha, workflow) {
  const res = await gh.client.request("GET /repos/{owner}/{repo}/actions/runs", {
    ...repoParams(gh),
    head_sha: sha,
    per_page: PER_PAGE2
  });
  const runs = res.data.workflow_runs;
  return new Set(
    runs.filter((r) => r.check_suite_id !== void 0 && isRalphWorkflowRun(r, workflow)).map((r) => r.check_suite_id)
  );
}
function jobIdOf(run2) {
  if (run2.app?.slug !== ACTIONS_APP) return null;
  const match = /\/job\/(\d+)/.exec(run2.details_url ?? run2.html_url ?? "");
  return match?.[1] === void 0 ? run2.id : Number(match[1]);
}
function clip2(text) {
  return text.length <= MAX_OUTPUT ? text : `${text.slice(0, MAX_OUTPUT - 1)}\u2026`;
}
function fromCheckRun(run2, own2) {
  const out = run2.output ?? {};
  const output = [out.title, out.summary, out.text].filter((p) => typeof p === "string" && p.trim() !== "").join("\n\n");
  return {
    kind: "check_run",
    name: run2.name,
    app: run2.app?.slug ?? null,
    status: run2.status,
    conclusion: run2.conclusion,
    url: run2.html_url ?? run2.details_url ?? null,
    jobId: jobIdOf(run2),
    output: clip2(output),
    own: run2.check_suite != null && own2.has(run2.check_suite.id)
  };
}
function fromStatus(status) {
  return {
    kind: "status",
    name: status.context,
    app: null,
    status: status.state,
    conclusion: null,
    url: status.target_url ?? null,
    jobId: null,
    output: clip2(status.description ?? ""),
    own: false
  };
}

// src/reconcile/ci-read.ts
async function headToRead(input) {
  const { gh, state, signal, config: config2 } = input;
  if (config2.verify.ci !== "gate" || state.prClosed !== null) return null;
  const pr = statePullRequest(state);
  if (pr === null) return null;
  const fromEvent = signal.kind === "ci" && signal.pr === pr ? signal.sha : null;
  if (state.phase === "done") return fromEvent;
  if (state.phase !== "ci") return null;
  if (fromEvent !== null) return fromEvent;
  if (input.head !== void 0 && input.head !== null) return input.head;
  const pull = await getPullRequest(gh, pr);
  return pull.state === "open" ? pull.head.sha : null;
}
async function ciResultEvent(input) {
  const sha = await headToRead(input);
  if (sha === null) return null;
  const { gh, state, config: config2 } = input;
  const { checks } = await readCommitChecks(gh, sha, { workflow: config2.workflow });
  const verdict = ciVerdict(checks);
  const at = new Date(input.now()).toISOString();
  const event = { type: "ci_result", sha, at, verdict, pushedBy: gh.botLogin };
  if (verdict.kind !== "red" || state.followUp?.triggers.includes(`ci:${sha}`)) return event;
  return { ...event, failures: await readCiFailures(gh, verdict.failing) };
}

// src/reconcile/base-read.ts
var RETRY_DELAYS_MS = [1e3];
async function baseUnmergeableEvent(input) {
  const { gh, state, signal } = input;
  const none = { event: null, head: null };
  const pr = statePullRequest(state);
  if (pr === null || state.prClosed !== null || state.prd === null) return none;
  const aboutIt = (signal.kind === "ci" || signal.kind === "base") && signal.pr === pr;
  if (state.phase !== "ci" && !(state.phase === "done" && aboutIt)) return none;
  const read = await readMergeability(gh, pr, {
    retryDelaysMs: RETRY_DELAYS_MS,
    ...input.sleep === void 0 ? {} : { sleep: input.sleep }
  });
  if (read.kind === "closed") return none;
  if (read.kind !== "conflicts") return { event: null, head: read.headSha };
  const event = {
    type: "base_unmergeable",
    pr,
    sha: read.headSha,
    baseSha: read.baseSha
  };
  return { event, head: read.headSha };
}
async function pullRequestReads(input, intake) {
  const base = await baseUnmergeableEvent({ ...input, state: intake.state });
  if (base.event !== null) intake.step(base.event);
  const ci = await ciResultEvent({ ...input, state: intake.state, head: base.head });
  if (ci !== null) intake.step(ci);
}

// src/github/effects.ts
import { createHash as createHash4 } from "node:crypto";

// src/github/review-threads.ts
async function listReviewComments(gh, pr, reviewId) {
  return paginate(
    gh,
    "GET /repos/{owner}/{repo}/pulls/{pull_number}/reviews/{review_id}/comments",
    { pull_number: pr, review_id: reviewId }
  );
}
async function listReviewCommentsSince(gh, pr, since) {
  return paginate(gh, "GET /repos/{owner}/{repo}/pulls/{pull_number}/comments", {
    pull_number: pr,
    sort: "created",
    direction: "asc",
    ...since === null ? {} : { since }
  });
}
function threadsOf(comments, keep, clean = (t) => t) {
  const threads = /* @__PURE__ */ new Map();
  for (const c of comments) {
    if (!keep(c)) continue;
    const text = clean(c.body).trim();
    if (text === "") continue;
    const id = c.in_reply_to_id ?? c.id;
    const thread = threads.get(id);
    if (thread !== void 0) {
      thread.text = `${thread.text}

@${c.user?.login ?? "unknown"}: ${text}`;
      continue;
    }
    threads.set(id, {
      id,
      path: c.path,
      line: c.line ?? c.original_line ?? null,
      author: c.user?.login ?? "unknown",
      text,
      url: c.html_url ?? null
    });
  }
  return [...threads.values()];
}
async function replyInThread(gh, pr, threadId, body) {
  await gh.client.request(
    "POST /repos/{owner}/{repo}/pulls/{pull_number}/comments/{comment_id}/replies",
    { ...repoParams(gh), pull_number: pr, comment_id: threadId, body: redactFor(gh, body) }
  );
}
async function requestReviewers(gh, pr, reviewers) {
  if (reviewers.length === 0) return;
  await gh.client.request("POST /repos/{owner}/{repo}/pulls/{pull_number}/requested_reviewers", {
    ...repoParams(gh),
    pull_number: pr,
    reviewers: [...reviewers]
  });
}

// src/github/followup-effects.ts
function threadAnswerText(gh, answer) {
  const link = `[\`${answer.commit.slice(0, 7)}\`](${repoWebUrlOf(gh)}/commit/${answer.commit})`;
  return `Addressed in ${link} by follow-up story **${agentInline(answer.storyId, 40)}**: ${agentInline(answer.title, 200)}. Ralph verified it against its acceptance criteria and re-verified every earlier story.`;
}
async function answerThreads(gh, pr, effect) {
  const failed = [];
  const answered2 = /* @__PURE__ */ new Set();
  for (const answer of effect.answers) {
    if (answered2.has(answer.threadId)) continue;
    answered2.add(answer.threadId);
    try {
      await replyInThread(gh, pr, answer.threadId, threadAnswerText(gh, answer));
    } catch (error2) {
      failed.push(`thread ${answer.threadId}: ${error2.message}`);
    }
  }
  if (failed.length > 0) throw new Error(`could not answer ${failed.join("; ")}`);
}
async function requestReview(gh, pr, reviewers) {
  const humans = reviewers.filter((r) => r.toLowerCase() !== gh.botLogin.toLowerCase());
  await requestReviewers(gh, pr, humans);
}
function amendmentView(state, auto) {
  const round = state.followUp?.current ?? null;
  if (round === null) return null;
  return {
    round: round.number,
    source: round.source,
    by: round.by,
    auto,
    stories: round.stories.map((s) => ({ id: s.id, threads: [...s.threads] }))
  };
}

// src/github/labels.ts
var PHASE_LABEL_COLORS = {
  "ralph:planning": { color: "1d76db", description: "Ralph is planning" },
  "ralph:questions": { color: "fbca04", description: "Ralph is waiting for answers" },
  "ralph:awaiting-approval": { color: "d93f0b", description: "Ralph's PRD waits for approval" },
  "ralph:implementing": { color: "5319e7", description: "Ralph is implementing" },
  "ralph:verifying": { color: "0e8a16", description: "Ralph is verifying" },
  "ralph:plan-invalidated": { color: "b60205", description: "The verifier invalidated the plan" },
  "ralph:ci": { color: "c2e0c6", description: "Ralph waits for the repository's CI on its PR" },
  "ralph:done": { color: "0e8a16", description: "Ralph finished: review the PR" },
  "ralph:failed": { color: "b60205", description: "Ralph stopped on a failure" },
  "ralph:stopped": { color: "cccccc", description: "Ralph was stopped" }
};
async function listIssueLabels(gh, issue2) {
  const res = await gh.client.request("GET /repos/{owner}/{repo}/issues/{issue_number}/labels", {
    ...repoParams(gh),
    issue_number: issue2,
    per_page: 100
  });
  return res.data.map((l) => l.name);
}
var IMPLICIT_LABEL_COLOR = "ededed";
var styledLabels = /* @__PURE__ */ new Set();
async function setPhaseLabel(gh, issue2, label, current) {
  if (current === void 0 && gh.phaseLabels !== void 0) {
    const set2 = await gh.phaseLabels.set(gh, issue2, label);
    if (set2 !== null) return set2;
  }
  const labels = current ?? await listIssueLabels(gh, issue2);
  const others = labels.filter((name) => !ALL_PHASE_LABELS.includes(name));
  const wanted = label === null ? others : [...others, label];
  const phaseNow = labels.filter((name) => ALL_PHASE_LABELS.includes(name));
  if (phaseNow.length === (label === null ? 0 : 1) && (label === null || phaseNow[0] === label)) {
    return [...labels];
  }
  const res = await gh.client.request("PUT /repos/{owner}/{repo}/issues/{issue_number}/labels", {
    ...repoParams(gh),
    issue_number: issue2,
    labels: wanted
  });
  const set = res.data ?? [];
  if (label !== null) await styleLabel(gh, label, set.find((l) => l.name === label)?.color);
  return set.map((l) => l.name);
}
async function styleLabel(gh, name, color) {
  const cacheKey = `${gh.owner}/${gh.repo}:${name}`;
  if (styledLabels.has(cacheKey)) return;
  const style = PHASE_LABEL_COLORS[name];
  if (style !== void 0 && color?.toLowerCase() === IMPLICIT_LABEL_COLOR) {
    try {
      await gh.client.request("PATCH /repos/{owner}/{repo}/labels/{name}", {
        ...repoParams(gh),
        name,
        color: style.color,
        description: style.description
      });
    } catch (error2) {
      gh.log.warn(`could not colour the ${name} label: ${String(error2)}`);
      return;
    }
  }
  styledLabels.add(cacheKey);
}
var SWEPT_LABELS = ["ralph:awaiting-approval", "ralph:ci"];

// src/github/prd-comment.ts
async function upsertPrdComment(gh, issue2, body, revision, existingId, known) {
  if (existingId !== null) {
    try {
      const existing = await getComment(gh, existingId);
      if (isOwnComment(gh, existing) && findPrdRevision(existing.body) === revision) {
        await editComment(gh, issue2, existingId, body, known === void 0 ? {} : { known });
        return existingId;
      }
    } catch (error2) {
      if (!isNotFound(error2)) throw error2;
    }
  }
  const posted = await postComment(gh, issue2, body, known === void 0 ? {} : { known });
  const first = posted[0];
  if (first === void 0) throw new Error("posting the PRD comment returned nothing");
  return first.id;
}

// src/github/prd-files.ts
var PrdFilesError = class extends Error {
  name = "PrdFilesError";
};
async function readPrdAt(gh, config2, specId, ref) {
  const paths = specPaths(config2.ralph_home, `${specId}.md`);
  const [prdText, planText] = await Promise.all([
    getFileText(gh, paths.prd, ref),
    getFileText(gh, paths.plan, ref)
  ]);
  if (prdText === null) throw new PrdFilesError(`${paths.prd} is missing at ${ref}`);
  if (planText === null) throw new PrdFilesError(`${paths.plan} is missing at ${ref}`);
  let raw;
  try {
    raw = JSON.parse(prdText);
  } catch (error2) {
    throw new PrdFilesError(`${paths.prd} at ${ref} is not JSON: ${String(error2)}`);
  }
  const checked = validatePrd(raw);
  if (!checked.ok) {
    throw new PrdFilesError(`${paths.prd} at ${ref} is invalid: ${checked.errors.join("; ")}`);
  }
  return { prd: checked.value, planText, revision: prdRevision(checked.value, planText) };
}

// src/github/reactions.ts
async function listCommentReactions(gh, commentId, content) {
  return paginate(
    gh,
    "GET /repos/{owner}/{repo}/issues/comments/{comment_id}/reactions",
    content === void 0 ? { comment_id: commentId } : { comment_id: commentId, content }
  );
}
async function addCommentReaction(gh, commentId, content) {
  await gh.client.request("POST /repos/{owner}/{repo}/issues/comments/{comment_id}/reactions", {
    ...repoParams(gh),
    comment_id: commentId,
    content
  });
}
function acknowledgeComment(gh, commentId) {
  return addCommentReaction(gh, commentId, "eyes");
}

// src/github/effects.ts
var UnsupportedEffectError = class extends Error {
  name = "UnsupportedEffectError";
};
function shortHash(text) {
  return createHash4("sha256").update(text).digest("hex").slice(0, 16);
}
async function applyEffects(effects, ctx) {
  let state = ctx.state;
  let refreshStatus = false;
  const failures = [];
  const acknowledged = /* @__PURE__ */ new Set();
  for (const effect of effects) {
    if (effect.type === "acknowledge") {
      if (acknowledged.has(effect.commentId)) continue;
      acknowledged.add(effect.commentId);
    }
    try {
      const next = await applyEffect(effect, { ...ctx, state });
      if (next === "refresh") refreshStatus = true;
      else if (next !== void 0) state = next;
    } catch (error2) {
      const message = error2 instanceof Error ? error2.message : String(error2);
      ctx.gh.log.error(`effect ${effect.type} failed on #${ctx.issue}: ${message}`);
      failures.push({ effect, error: message });
    }
  }
  return { state, refreshStatus, failures };
}
var EFFECT_HANDLERS = {
  reply: async (effect, ctx) => {
    await postComment(ctx.gh, ctx.issue, effect.body, {
      ...effect.key === void 0 ? {} : { key: effect.key },
      ...knownOf(ctx)
    });
    return void 0;
  },
  acknowledge: async (effect, ctx) => {
    await acknowledgeComment(ctx.gh, effect.commentId);
    return void 0;
  },
  refresh_status: async () => "refresh",
  set_label: async (effect, ctx) => {
    const now = await setPhaseLabel(ctx.gh, ctx.issue, effect.label, ctx.labels);
    if (ctx.labels !== void 0) ctx.labels.splice(0, ctx.labels.length, ...now);
    return void 0;
  },
  dispatch: async (effect, ctx) => {
    await ctx.dispatch(
      effect.step,
      effect.storyId === void 0 ? {} : { storyId: effect.storyId }
    );
    return void 0;
  },
  post_questions: async (effect, ctx) => {
    const body = renderQuestionsComment(
      effect.questions,
      effect.round,
      ctx.config.planning.max_question_rounds
    );
    await postComment(ctx.gh, ctx.issue, body, {
      key: `questions:${effect.round}:${shortHash(body)}`,
      ...knownOf(ctx)
    });
    return void 0;
  },
  post_decisions: async (_effect, ctx) => {
    const body = renderDecisionsComment(ctx.state.decisions);
    await postComment(ctx.gh, ctx.issue, body, {
      key: `decisions:${shortHash(body)}`,
      ...knownOf(ctx)
    });
    return void 0;
  },
  post_prd: (effect, ctx) => postPrd(effect, ctx),
  open_pr: (_effect, ctx) => openPr(ctx),
  mark_pr_ready: async (_effect, ctx) => {
    await markPullRequestReady(ctx.gh, requirePr(ctx, "mark_pr_ready"));
    return void 0;
  },
  post_review: async (effect, ctx) => {
    const pr = prNumberOf(ctx.state);
    if (pr === null) {
      await postComment(ctx.gh, ctx.issue, effect.body, knownOf(ctx));
      return void 0;
    }
    await postReview(ctx.gh, pr, effect.body, { planInvalidation: effect.planInvalidation });
    return void 0;
  },
  commit_files: async (effect, ctx) => {
    if (ctx.commitFiles === void 0) {
      throw new UnsupportedEffectError(
        `commit_files (${effect.change.kind}) needs a git workspace; it runs in the Action`
      );
    }
    await ctx.commitFiles(effect.change, effect.message);
    return void 0;
  },
  cancel_run: async (_effect, ctx) => {
    if (ctx.cancelRun !== void 0) await ctx.cancelRun();
    else await cancelIssueRuns(ctx.gh, ctx.config.workflow, ctx.issue, ctx.state.runUrl);
    return void 0;
  },
  answer_threads: async (effect, ctx) => {
    await answerThreads(ctx.gh, requirePr(ctx, effect.type), effect);
    return void 0;
  },
  request_review: async (effect, ctx) => {
    await requestReview(ctx.gh, requirePr(ctx, effect.type), effect.reviewers);
    return void 0;
  }
};
function requirePr(ctx, what) {
  const pr = prNumberOf(ctx.state);
  if (pr === null) throw new Error(`${what}: the state has no PR`);
  return pr;
}
async function applyEffect(effect, ctx) {
  const handler = EFFECT_HANDLERS[effect.type];
  return handler(effect, ctx);
}
function knownOf(ctx) {
  return ctx.comments === void 0 ? {} : { known: ctx.comments };
}
function prNumberOf(state) {
  if (state.prNumber !== null) return state.prNumber;
  return state.kind === "spec_pr" ? state.issue : null;
}
async function postPrd(effect, ctx) {
  const { gh, issue: issue2, state, config: config2 } = ctx;
  if (state.prd === null) throw new Error("post_prd: the state has no PRD");
  const source = ctx.prdSource ?? (async () => {
    if (state.specId === null || state.branch === null) {
      throw new Error("post_prd: the state names no spec or branch to read the PRD from");
    }
    return readPrdAt(gh, config2, state.specId, state.branch);
  });
  const { prd, planText } = await source();
  const files = state.specId === null || state.branch === null ? null : specPaths(config2.ralph_home, `${state.specId}.md`);
  const body = renderPrdComment({
    prd,
    planText,
    revision: effect.revision,
    revisionNumber: state.prd.number,
    concerns: effect.concerns,
    approvalsRequired: config2.approvals.required,
    understand: state.understandAdvice,
    amendment: effect.amendment === void 0 ? null : amendmentView(state, effect.amendment.auto),
    ...state.specId === null ? {} : { specId: state.specId },
    ...files === null || state.branch === null ? {} : {
      links: {
        plan: blobUrl(repoWebUrlOf(gh), state.branch, files.plan),
        prd: blobUrl(repoWebUrlOf(gh), state.branch, files.prd)
      }
    }
  });
  const commentId = await upsertPrdComment(
    gh,
    issue2,
    body,
    effect.revision,
    state.prd.commentId,
    ctx.comments
  );
  return { ...state, prd: { ...state.prd, commentId } };
}
async function openPr(ctx) {
  const { gh, issue: issue2, state } = ctx;
  if (state.kind === "spec_pr") return void 0;
  if (state.branch === null) throw new Error("open_pr: the state has no branch");
  const title = ctx.issueTitle ? `Ralph: ${ctx.issueTitle}` : `Ralph: issue #${issue2}`;
  const summary = prBodyStories(state);
  const pr = await upsertRalphPr(gh, {
    issue: issue2,
    head: state.branch,
    base: await getDefaultBranch(gh),
    title,
    summary,
    existing: state.prNumber,
    ...state.specId === null ? {} : { prdPath: specPaths(ctx.config.ralph_home, `${state.specId}.md`).prd }
  });
  return { ...state, prNumber: pr.number };
}

// src/reconcile/signals.ts
function report(outcome) {
  return { outcome, state: null, saved: false, effects: [], failures: [] };
}
function isHuman(gh, user) {
  return !!user && !isBotUser(user) && user.login.toLowerCase() !== gh.botLogin.toLowerCase();
}

// src/reconcile/followup-feedback.ts
async function withFixThreads(gh, state, event, permissionOf) {
  if (event.type !== "command" || event.command.name !== "fix" || event.threads !== void 0) {
    return event;
  }
  const stage = followUpStage(state);
  const pr = prNumberOf(state);
  if (!isTrusted(event.actor) || pr === null || stage === "before" || stage === "none") {
    return event;
  }
  const comments = await listReviewCommentsSince(gh, pr, state.followUp?.since ?? null);
  const writers = /* @__PURE__ */ new Set();
  for (const login of new Set(
    comments.flatMap((c) => isHuman(gh, c.user) ? [c.user.login] : [])
  )) {
    const permission = await permissionOf(login);
    if (isTrusted({ login, permission, isBot: false, isIssueAuthor: false })) {
      writers.add(login.toLowerCase());
    }
  }
  const threads = threadsOf(
    comments,
    (c) => isHuman(gh, c.user) && writers.has(c.user.login.toLowerCase()),
    sanitizeUntrusted
  );
  return { ...event, threads };
}
async function reviewCommentEvents(gh, state, signal, actorOf, goal) {
  if (signal.kind !== "review_comment" || signal.pr !== prNumberOf(state)) return [];
  const { comment } = signal;
  if (comment.user === null || !isHuman(gh, comment.user)) return [];
  const actor = await actorOf(comment.user);
  const permissionOf = async (login) => (await actorOf({ login, type: "User" })).permission;
  const events = [];
  for (const command of parseCommands(comment.body).filter((c) => c.name === "fix")) {
    const event = {
      type: "command",
      command,
      actor,
      goal,
      trigger: `review-comment:${comment.id}`,
      ...comment.created_at === void 0 ? {} : { at: comment.created_at }
    };
    events.push(await withFixThreads(gh, state, event, permissionOf));
  }
  return events;
}

// src/github/permissions.ts
var KNOWN = ["admin", "maintain", "write", "triage", "read", "none"];
function toPermission(data) {
  const role = data.role_name;
  if (role && KNOWN.includes(role)) return role;
  const permission = data.permission;
  if (permission && KNOWN.includes(permission)) return permission;
  return "none";
}
function createPermissionResolver(gh) {
  const cache = /* @__PURE__ */ new Map();
  return (login) => {
    const key = login.toLowerCase();
    let pending = cache.get(key);
    if (!pending) {
      pending = fetchPermission(gh, login);
      cache.set(key, pending);
      pending.catch(() => cache.delete(key));
    }
    return pending;
  };
}
async function fetchPermission(gh, login) {
  try {
    const res = await gh.client.request(
      "GET /repos/{owner}/{repo}/collaborators/{username}/permission",
      { ...repoParams(gh), username: login }
    );
    return toPermission(res.data);
  } catch (error2) {
    if (isNotFound(error2)) return "none";
    throw error2;
  }
}

// src/github/reaction-reads.ts
var MAX_REACTION_PAGES = 100;
var PAGE2 = 100;
var QUERY = `query RalphReactions($comment: ID!, $before: String, $counted: [ID!]!, $withCounted: Boolean!) {
  comment: node(id: $comment) {
    ... on IssueComment {
      databaseId body author { __typename login }
      reactions(content: THUMBS_UP, last: ${PAGE2}, before: $before) {
        pageInfo { hasPreviousPage startCursor }
        nodes { id databaseId user { login } }
      }
    }
  }
  counted: nodes(ids: $counted) @include(if: $withCounted) { ... on Reaction { id } }
}`;
var NONE2 = {
  revision: null,
  commentNode: null,
  fresh: [],
  gone: [],
  cut: false
};
async function commentNodeOf(gh, cursor) {
  if (cursor.commentNode !== null) return cursor.commentNode;
  try {
    const comment = await getComment(gh, cursor.commentId);
    return isOwnComment(gh, comment) ? comment.node_id ?? null : null;
  } catch (error2) {
    if (isNotFound(error2)) return null;
    throw error2;
  }
}
async function page(gh, node2, before, counted2) {
  const first = before === null;
  const { data } = await graphqlPartial(gh, QUERY, {
    comment: node2,
    before,
    counted: first ? [...counted2] : [],
    withCounted: first && counted2.length > 0
  });
  return data;
}
async function readReactions(gh, cursor) {
  const node2 = await commentNodeOf(gh, cursor);
  if (node2 === null) return { ...NONE2, newest: cursor.since };
  let answer = await page(gh, node2, null, cursor.counted);
  const comment = answer.comment;
  const author = restUser(comment?.author);
  const revision = comment && author?.login === gh.botLogin ? findPrdRevision(comment.body ?? "") : null;
  if (revision === null) return { ...NONE2, newest: cursor.since };
  const gone = cursor.counted.filter((_, i) => !answer.counted?.[i]?.id);
  const read = [];
  let pages = 1;
  let cut2 = false;
  for (; ; ) {
    const reactions = answer.comment?.reactions;
    const nodes = (reactions?.nodes ?? []).filter((n) => n !== null);
    for (const n of nodes) {
      if (typeof n.databaseId === "number" && n.databaseId > cursor.since && n.user !== null) {
        read.push({ id: n.databaseId, node: n.id, login: n.user.login });
      }
    }
    const oldest = Math.min(...nodes.map((n) => n.databaseId ?? 0));
    if (!reactions?.pageInfo.hasPreviousPage || oldest <= cursor.since) break;
    if (pages >= MAX_REACTION_PAGES) {
      cut2 = true;
      break;
    }
    answer = await page(gh, node2, reactions.pageInfo.startCursor, []);
    pages += 1;
  }
  return {
    revision,
    commentNode: node2,
    fresh: oneEach(read),
    gone,
    newest: Math.max(cursor.since, ...read.map((r) => r.id)),
    cut: cut2
  };
}
function oneEach(read) {
  const out = [];
  for (const r of [...read].sort((a, b) => a.id - b.id)) {
    if (isBotUser({ login: r.login, type: "User" })) continue;
    if (!out.some((o) => o.login.toLowerCase() === r.login.toLowerCase())) out.push(r);
  }
  return out;
}

// src/reconcile/intake-events.ts
function settledDispatches(effects, state) {
  let last2 = -1;
  effects.forEach((e, i) => {
    if (e.type === "dispatch") last2 = i;
  });
  return effects.filter((e, i) => {
    if (e.type !== "dispatch") return true;
    return i === last2 && isAgentPhase(state.phase) && state.pendingStep === e.step;
  });
}
function commandEvent(command, item, state, actor, goal) {
  const prdComment = state.prd?.commentId ?? null;
  const stale = command.name === "approve" && state.phase === "awaiting_approval" && prdComment !== null && item.id < prdComment;
  return {
    type: "command",
    command,
    actor,
    commentId: item.id,
    goal,
    ...item.at === "" ? {} : { at: item.at },
    ...stale ? { revision: `superseded-before-comment-${prdComment}` } : {}
  };
}

// src/reconcile/reaction-approvals.ts
var same = (a, b) => a.toLowerCase() === b.toLowerCase();
function currentReads(state) {
  const reads = state.approvalReads;
  const prd = state.prd;
  if (reads === void 0 || prd === null || prd.commentId === null) return null;
  return reads.revision === prd.revision && reads.commentId === prd.commentId ? reads : null;
}
function reactionApprovals(state) {
  return state.approvals.filter(
    (a) => a.channel === "reaction" && a.revision === state.prd?.revision
  );
}
function cursorFor(state) {
  const commentId = state.prd?.commentId ?? null;
  if (commentId === null) return null;
  const reads = currentReads(state);
  const nodes = reactionApprovals(state).map(
    (a) => reads?.counted.find((c) => same(c.login, a.login))?.node
  );
  const full = reads === null || nodes.some((n) => n === void 0);
  return {
    commentId,
    commentNode: reads?.commentNode ?? null,
    since: full ? 0 : reads.reactionId,
    counted: nodes.filter((n) => n !== void 0)
  };
}
function stillGiven(state, read, cursor, login, revision) {
  if (read.revision === null || read.revision !== revision) return false;
  const node2 = currentReads(state)?.counted.find((c) => same(c.login, login))?.node;
  if (node2 !== void 0 && cursor.counted.includes(node2)) return !read.gone.includes(node2);
  return cursor.since === 0 && read.fresh.some((r) => same(r.login, login));
}
function recordReads(state, outcome) {
  const prd = state.prd;
  if (prd === null || prd.commentId === null || outcome.read.revision === null) return state;
  const previous = currentReads(state);
  const known = [
    ...previous?.counted ?? [],
    ...outcome.read.fresh.map((r) => ({ login: r.login, node: r.node }))
  ];
  const counted2 = reactionApprovals(state).flatMap((a) => {
    const hit = [...known].reverse().find((c) => same(c.login, a.login));
    return hit === void 0 || outcome.read.gone.includes(hit.node) ? [] : [hit];
  });
  const reads = {
    revision: prd.revision,
    commentId: prd.commentId,
    commentNode: outcome.read.commentNode,
    reactionId: Math.max(previous?.reactionId ?? 0, outcome.takenUpTo ?? 0),
    denied: boundedLogins(previous?.denied ?? [], outcome.denied, APPROVAL_DENIED_KEPT),
    counted: counted2.slice(-APPROVAL_COUNTED_KEPT)
  };
  const material = ({
    reactionId,
    denied,
    counted: c
  }) => JSON.stringify([reactionId, denied, c]);
  if (material(reads) === material(previous ?? { reactionId: 0, denied: [], counted: [] })) {
    return state;
  }
  return { ...state, approvalReads: reads };
}
function deniedBefore(state, login) {
  return (currentReads(state)?.denied ?? []).some((d) => same(d, login));
}

// src/github/review-reads.ts
var MAX_REVIEW_PAGES = 50;
var PAGE3 = 100;
var QUERY2 = `query RalphReviews($owner: String!, $repo: String!, $pr: Int!, $before: String) {
  repository(owner: $owner, name: $repo) {
    pullRequest(number: $pr) {
      reviews(last: ${PAGE3}, before: $before) {
        pageInfo { hasPreviousPage startCursor }
        nodes { databaseId state body submittedAt commit { oid } author { __typename login } }
      }
    }
  }
}`;
function toReview(n) {
  if (typeof n.databaseId !== "number") return null;
  return {
    id: n.databaseId,
    user: restUser(n.author),
    body: n.body,
    state: n.state,
    commit_id: n.commit?.oid ?? null,
    submitted_at: n.submittedAt
  };
}
async function reviewById(gh, pr, id) {
  try {
    const res = await gh.client.request(
      "GET /repos/{owner}/{repo}/pulls/{pull_number}/reviews/{review_id}",
      { ...repoParams(gh), pull_number: pr, review_id: id }
    );
    return res.data;
  } catch (error2) {
    if (isNotFound(error2)) return null;
    throw error2;
  }
}
async function readNewReviews(gh, pr, sinceId, wanted) {
  const read = [];
  let before = null;
  for (let page2 = 1; ; page2++) {
    const answer = await gh.client.graphql(QUERY2, { ...repoParams(gh), pr, before });
    const reviews = answer.repository?.pullRequest?.reviews;
    const nodes = (reviews?.nodes ?? []).flatMap((n) => {
      const r = n === null ? null : toReview(n);
      return r === null ? [] : [r];
    });
    read.push(...nodes);
    const oldest = Math.min(...nodes.map((r) => r.id));
    if (!reviews?.pageInfo.hasPreviousPage || oldest <= sinceId) break;
    if (page2 >= MAX_REVIEW_PAGES) {
      gh.log.warn(
        `pull request #${pr} has more than ${MAX_REVIEW_PAGES * PAGE3} reviews since the last read; read the newest ${read.length}`
      );
      break;
    }
    before = reviews.pageInfo.startCursor;
  }
  for (const id of wanted) {
    if (read.some((r) => r.id === id)) continue;
    const review = await reviewById(gh, pr, id);
    if (review !== null) read.push(review);
  }
  return read.sort((a, b) => a.id - b.id);
}

// src/reconcile/reviews.ts
async function loadPrReviews(gh, state, signal) {
  const pr = prNumberOf(state);
  if (pr === null || state.revision === 0 || state.prClosed !== null) return null;
  if (signal.kind === "pr_closed" && signal.pr === pr) return null;
  const counted2 = state.approvals.flatMap(
    (a) => a.channel === "review" && a.reviewId !== void 0 ? [a.reviewId] : []
  );
  const reviews = await readNewReviews(gh, pr, state.watermark.reviewId, counted2);
  if ((signal.kind === "review" || signal.kind === "review_dismissed") && signal.pr === pr) {
    const index = reviews.findIndex((r) => r.id === signal.review.id);
    if (signal.kind === "review") {
      if (index < 0) reviews.push(signal.review);
    } else {
      const dismissed = { ...reviews[index] ?? signal.review, state: "DISMISSED" };
      if (index < 0) reviews.push(dismissed);
      else reviews[index] = dismissed;
    }
  }
  return { pr, reviews };
}
function newReviews(gh, state, loaded) {
  if (loaded === null) return [];
  const out = [];
  for (const review of loaded.reviews) {
    if (review.id <= state.watermark.reviewId || !isHuman(gh, review.user)) continue;
    out.push({
      kind: "review",
      at: review.submitted_at ?? "",
      id: review.id,
      review,
      user: review.user,
      pr: loaded.pr
    });
  }
  return out;
}
function dismissedReviewApprovals(state, loaded) {
  const current = state.prd?.revision;
  if (loaded === null || current === void 0) return [];
  const events = [];
  for (const approval of state.approvals) {
    if (approval.channel !== "review" || approval.revision !== current) continue;
    const review = loaded.reviews.find((r) => r.id === approval.reviewId);
    if (review !== void 0 && normalizeReviewState(review.state) === "DISMISSED") {
      events.push({ type: "approval_withdrawn", channel: "review", login: approval.login });
    }
  }
  return events;
}
async function reviewEvents(gh, config2, state, item, actor, goal) {
  const review = item.review;
  switch (normalizeReviewState(review.state)) {
    case "APPROVED":
      return [
        {
          type: "approval",
          channel: "review",
          actor,
          revision: await reviewRevision(gh, config2, state, review),
          reviewId: review.id
        }
      ];
    case "CHANGES_REQUESTED": {
      const inline = await listReviewComments(gh, item.pr, review.id);
      const threads = threadsOf(inline, (c) => isHuman(gh, c.user), sanitizeUntrusted);
      const body = sanitizeUntrusted(review.body ?? "").trim();
      const feedback = [
        body,
        ...threads.map((t) => `${t.path}${t.line === null ? "" : `:${t.line}`}: ${t.text}`)
      ].filter((t) => t !== "").join("\n\n");
      const at = review.submitted_at ?? null;
      return [
        {
          type: "changes_requested",
          actor,
          feedback,
          review: { id: review.id, body, threads, at }
        }
      ];
    }
    case "COMMENTED": {
      const commands = parseCommands(review.body ?? "");
      const revision = commands.some((c) => c.name === "approve") ? await reviewRevision(gh, config2, state, review) : void 0;
      return commands.map((command) => ({
        type: "command",
        command,
        actor,
        goal,
        trigger: `review:${review.id}`,
        ...review.submitted_at ? { at: review.submitted_at } : {},
        ...command.name === "approve" && revision !== void 0 ? { revision } : {}
      }));
    }
    default:
      return [];
  }
}
async function reviewRevision(gh, config2, state, review) {
  if (state.specId === null || review.commit_id === null) return "unknown";
  try {
    return (await readPrdAt(gh, config2, state.specId, review.commit_id)).revision;
  } catch (error2) {
    if (!(error2 instanceof PrdFilesError)) throw error2;
    gh.log.info(`review ${review.id}: ${error2.message}`);
    return `unreadable-at-${review.commit_id}`;
  }
}

// src/reconcile/intake.ts
var GATED = /* @__PURE__ */ new Set(["awaiting_approval", "run_gate"]);
function sameLogin2(a, b) {
  return a.toLowerCase() === b.toLowerCase();
}
var Intake = class {
  constructor(ctx) {
    this.ctx = ctx;
    this.state = ctx.initial;
    const saved = ctx.loaded?.routedCommands ?? [];
    this.routed = saved.length > 0 && ctx.loaded !== null && !isAgentPhase(ctx.loaded.phase) ? [] : [...saved];
    this.reviewMark = ctx.initial.watermark.reviewId;
    this.perms = createPermissionResolver(ctx.gh);
    this.goal = issueGoal(ctx.issue);
  }
  ctx;
  state;
  effects = [];
  /** Commands the App only acknowledges: the running job reads them at its next checkpoint. */
  appAcks = [];
  /** Comments taken in by this reconcile, recorded as seen when it saves (core/seen-comments). */
  read = [];
  /** The comments taken in so far (the others are left for the running job). */
  get taken() {
    return new Set(this.read);
  }
  reviewMark;
  perms;
  goal;
  /** The 👍 read by this intake (at most once), where it started, and what came of it. */
  reactions = null;
  /**
   * Commands from Ralph's PR handed to the running job (`routedCommands`); the ones saved before
   * are read with the issue's comments (readComments) once no job runs.
   */
  routed;
  /**
   * `source`: the comment the event came from. Before Ralph has a status comment nothing may be
   * saved (a `/ralph help` leaves no state), so only a hidden key tied to the comment keeps a
   * redelivered webhook from replying twice.
   */
  step(event, source) {
    const result = transition(this.state, event, this.ctx.config);
    this.state = result.state;
    let n = 0;
    for (const effect of result.effects) {
      const keyed = source !== void 0 && this.ctx.loaded === null && effect.type === "reply" && !effect.key;
      this.effects.push(keyed ? { ...effect, key: `reply:${source}:${n++}` } : effect);
    }
  }
  async actorOf(user) {
    const author = this.ctx.issue.author;
    return {
      login: user.login,
      permission: await this.perms(user.login),
      isBot: isBotUser(user),
      isIssueAuthor: author !== null && author.toLowerCase() === user.login.toLowerCase()
    };
  }
  /** The run already ended: whatever was typed meanwhile is read against the failed state. */
  runFailed() {
    const { signal } = this.ctx;
    if (signal.kind === "run_failed") {
      this.step({ type: "run_failed", conclusion: signal.conclusion, runUrl: signal.runUrl });
    }
  }
  /**
   * Approvals taken back count before any new one: a dismissed review or a removed 👍 must not
   * help a later approval reach `approvals.required` (DESIGN §3.3).
   */
  async withdrawApprovals(prReviews) {
    for (const event of dismissedReviewApprovals(this.state, prReviews)) this.step(event);
    await this.withdrawRevokedApprovals();
    const state = this.state;
    const counted2 = reactionApprovals(state);
    if (counted2.length === 0 || !GATED.has(state.phase)) return;
    const reactions = await this.readReactions(state);
    if (reactions === null) return;
    for (const a of counted2) {
      if (!stillGiven(state, reactions.outcome.read, reactions.cursor, a.login, a.revision)) {
        this.step({ type: "approval_withdrawn", channel: "reaction", login: a.login });
      }
    }
  }
  /**
   * An approval counts only while its giver may still approve: a user whose permission was revoked
   * between approving and the run no longer helps reach `approvals.required` (issue 10).
   */
  async withdrawRevokedApprovals() {
    const state = this.state;
    if (!GATED.has(state.phase)) return;
    for (const a of state.approvals.filter((x) => x.revision === state.prd?.revision)) {
      const actor = await this.actorOf({ login: a.login, type: "User" });
      if (approvalDenial(actor, this.ctx.config) !== null) {
        this.step({ type: "approval_withdrawn", channel: a.channel, login: a.login });
      }
    }
  }
  /** New comments and reviews, oldest first. */
  async takeInItems(items) {
    const deferred = [];
    for (const item of items) {
      if (item.kind === "review") {
        await this.takeInReview(item);
      } else if (isAgentPhase(this.state.phase)) {
        await this.duringAgentStep(item, deferred);
      } else {
        await this.takeIn(item);
        this.read.push(item.id);
      }
    }
  }
  /**
   * The Action's job between agent runs (DESIGN §6.2): it owns the state of the agent phase, so it
   * takes in every new comment itself — the commands the App only acknowledged, and answers.
   */
  async takeInAsOwner(items) {
    for (const item of items) {
      await this.takeIn(item);
      this.read.push(item.id);
    }
  }
  /**
   * The trigger label, an assignment or an opened issue, when the config wants it and no step is
   * running. Its time goes with it: the machine takes a trigger once.
   */
  async trigger(triggered) {
    const { signal } = this.ctx;
    if (signal.kind === "trigger" && triggered && !isAgentPhase(this.state.phase)) {
      this.step({
        type: "trigger",
        actor: await this.actorOf(signal.sender),
        goal: this.goal,
        ...signal.at === void 0 ? {} : { at: signal.at }
      });
    }
  }
  /**
   * Reactions fire no webhook: read on every event while an approval is awaited (§3.3), but only
   * the 👍 given since the last read, each reactor looked up once per PRD revision (issue 16).
   */
  async countReactionApprovals() {
    if (this.state.phase !== "awaiting_approval" || !this.ctx.config.approvals.reactions) return;
    const reactions = await this.readReactions(this.state);
    if (reactions === null) return;
    const { read } = reactions.outcome;
    const revision = read.revision;
    if (revision === null) return;
    let takenUpTo = read.newest;
    for (const r of read.fresh) {
      if (this.state.phase !== "awaiting_approval") {
        takenUpTo = r.id - 1;
        break;
      }
      const counted2 = this.state.approvals.some(
        (a) => a.channel === "reaction" && a.revision === revision && sameLogin2(a.login, r.login)
      );
      if (counted2 || deniedBefore(this.state, r.login)) continue;
      const actor = await this.actorOf({ login: r.login, type: "User" });
      if (approvalDenial(actor, this.ctx.config) !== null) {
        reactions.outcome.denied.push(r.login);
        continue;
      }
      this.step({ type: "approval", channel: "reaction", actor, revision });
    }
    reactions.outcome.takenUpTo = takenUpTo;
  }
  /** The state to save, with its watermarks, and the effects to apply after saving it. */
  finish() {
    const read = this.reactions === null ? this.state : recordReads(this.state, this.reactions.outcome);
    const state = {
      ...read,
      routedCommands: this.routed,
      watermark: {
        ...markCommentsSeen(this.ctx.initial.watermark, this.read),
        reviewId: this.reviewMark
      }
    };
    return {
      state,
      effects: [
        ...this.appAcks.map((commentId) => ({ type: "acknowledge", commentId })),
        ...settledDispatches(this.effects, state)
      ]
    };
  }
  async readReactions(of) {
    if (this.reactions !== null) return this.reactions;
    const cursor = cursorFor(of);
    if (cursor === null) return null;
    const read = await readReactions(this.ctx.gh, cursor);
    this.reactions = { cursor, outcome: { read, denied: [], takenUpTo: null } };
    return this.reactions;
  }
  async takeIn(item) {
    if (item.commands.length > 0) {
      const actor = await this.actorOf(item.user);
      for (const command of item.commands) {
        const event = commandEvent(command, item, this.state, actor, this.goal);
        this.step(await withFixThreads(this.ctx.gh, this.state, event, this.perms), item.id);
      }
    } else if (readsPlainComments(this.state)) {
      this.step(
        {
          type: "comment",
          body: sanitizeUntrusted(item.comment.body),
          actor: await this.actorOf(item.user),
          commentId: item.id
        },
        item.id
      );
    }
  }
  /**
   * The running job owns the state and reads commands at its next checkpoint; the App only
   * acknowledges them — except `/ralph stop`, which cancels that job. Then nobody else would read
   * what was said before the stop, so the App takes it all in, in order.
   */
  async duringAgentStep(item, deferred) {
    const { signal } = this.ctx;
    const stop2 = item.commands.find((c) => c.name === "stop");
    if (stop2 !== void 0) {
      const actor = await this.actorOf(item.user);
      if (mayCommand(actor, "stop")) {
        for (const earlier of [...deferred, item]) {
          await this.takeIn(earlier);
          this.read.push(earlier.id);
        }
        deferred.length = 0;
        return;
      }
      this.step({ type: "command", command: stop2, actor, commentId: item.id });
    } else if (item.commands.length > 0 && signal.kind === "comment" && signal.comment.id === item.id && hasPermission((await this.actorOf(item.user)).permission, "write")) {
      this.appAcks.push(item.id);
      if (signal.from !== void 0) {
        this.routed.push(item.id);
        return;
      }
    }
    deferred.push(item);
  }
  async takeInReview(item) {
    if (isAgentPhase(this.state.phase)) return;
    const actor = await this.actorOf(item.user);
    const { gh, config: config2 } = this.ctx;
    for (const event of await reviewEvents(gh, config2, this.state, item, actor, this.goal)) {
      this.step(await withFixThreads(gh, this.state, event, this.perms));
    }
    this.reviewMark = Math.max(this.reviewMark, item.id);
  }
};

// src/github/learned-state.ts
var LEARNED_SAVE_ATTEMPTS = 3;
async function saveLearned(gh, options) {
  const { issue: issue2, saved, learned } = options;
  const log = options.log ?? gh.log;
  const attempts = options.attempts ?? LEARNED_SAVE_ATTEMPTS;
  let previous = saved;
  let next = learned;
  for (let attempt = 1; ; attempt++) {
    try {
      const written = await saveStatus(gh, issue2, previous, next, options.links(next));
      return {
        status: savedLookup(written),
        saved: true
      };
    } catch (error2) {
      if (!(error2 instanceof StateConflictError)) throw error2;
      const latest = await loadStatus(gh, issue2);
      if (latest.kind !== "ok") {
        log.warn(`#${issue2}: the status comment is gone or broken (${error2.message})`);
        return { status: saved, saved: false };
      }
      const merged = mergeLearned(saved.state, learned, latest.state);
      if (merged === null) return { status: latest, saved: false };
      if (attempt >= attempts) {
        log.warn(
          `#${issue2}: the state kept changing; what the effects learned is not saved (${error2.message})`
        );
        return { status: latest, saved: false };
      }
      log.info(
        `#${issue2}: a newer state was saved meanwhile; merging what the effects learned into it`
      );
      previous = latest;
      next = merged;
    }
  }
}
function mergeLearned(base, learned, latest) {
  let merged = latest;
  let changed = false;
  const take = (key) => {
    if (learned[key] !== base[key] && latest[key] === base[key]) {
      merged = { ...merged, [key]: learned[key] };
      changed = true;
    }
  };
  take("prNumber");
  take("runUrl");
  take("lastError");
  const commentId = learned.prd?.commentId ?? null;
  if (merged.prd !== null && learned.prd !== null && merged.prd.revision === learned.prd.revision && commentId !== null && commentId !== (base.prd?.commentId ?? null) && merged.prd.commentId === (base.prd?.commentId ?? null)) {
    merged = { ...merged, prd: { ...merged.prd, commentId } };
    changed = true;
  }
  return changed ? merged : null;
}

// src/reconcile/persist.ts
function needsSave(loaded, initial, state) {
  if (loaded !== null) return !sameJsonBesides(loaded, state, "revision");
  const bare = (s) => ({
    ...s,
    revision: 0,
    watermark: { commentId: 0, reviewId: 0 }
  });
  return !sameJson(bare(initial), bare(state));
}
function statusLinks(input, config2, state) {
  const repoUrl = input.repoUrl ?? `https://github.com/${input.gh.owner}/${input.gh.repo}`;
  return {
    runUrl: state.runUrl,
    prUrl: state.prNumber === null ? null : `${repoUrl}/pull/${state.prNumber}`,
    approvalsRequired: config2.approvals.required,
    storiesUrl: prdFileUrl(repoUrl, config2.ralph_home, state)
  };
}
function inProcessRunLink(input, state, effects) {
  const runUrl = input.runUrl;
  if (!runUrl || !isAgentPhase(state.phase) || !effects.some((e) => e.type === "dispatch")) {
    return state;
  }
  return state.runUrl === runUrl ? state : { ...state, runUrl };
}
async function saveThenApply(t) {
  const { input, number: number3, config: config2, status, loaded } = t;
  const gh = input.gh;
  let state = inProcessRunLink(input, t.state, t.effects);
  let saved = null;
  if (needsSave(loaded, t.initial, state)) {
    state = { ...state, watermark: markCommentsSeen(state.watermark, t.alsoSeen ?? []) };
    saved = await saveStatus(gh, number3, status, state, statusLinks(input, config2, state));
    state = saved.state;
  }
  const dispatch2 = input.dispatch ?? ((step) => dispatchWorkflow(gh, config2.workflow, number3, step));
  const effectCtx = {
    gh,
    issue: number3,
    config: config2,
    dispatch: dispatch2,
    comments: t.comments,
    issueTitle: t.issueTitle,
    ...input.commitFiles === void 0 ? {} : { commitFiles: input.commitFiles }
  };
  const allEffects = [...t.effects];
  const outcome = await applyEffects(allEffects, { ...effectCtx, state });
  let after = outcome.state;
  const failures = [...outcome.failures];
  const failedDispatch = failures.find((f) => f.effect.type === "dispatch");
  if (failedDispatch !== void 0) {
    const result = transition(
      after,
      { type: "run_failed", conclusion: `dispatch failed: ${failedDispatch.error}`, runUrl: null },
      config2
    );
    allEffects.push(...result.effects);
    const more = await applyEffects(result.effects, { ...effectCtx, state: result.state });
    after = more.state;
    failures.push(...more.failures);
  }
  const visible = failures.filter(
    (f) => f.effect.type !== "dispatch" && f.effect.type !== "acknowledge"
  );
  if (visible.length > 0) {
    const what = visible.map((f) => `${f.effect.type} (${f.error})`).join("; ");
    after = { ...after, lastError: `Ralph could not ${what}`.slice(0, 500) };
  }
  const changedByEffects = !sameJsonBesides(after, state, "revision");
  const before = saved !== null ? savedLookup(saved) : status.kind === "ok" ? status : null;
  if (before !== null && (changedByEffects || outcome.refreshStatus)) {
    const learned = await saveLearned(gh, {
      issue: number3,
      saved: before,
      learned: after,
      links: (s) => statusLinks(input, config2, s)
    });
    after = learned.status.state;
    if (learned.saved) saved = learned.status;
  }
  return {
    outcome: "reconciled",
    state: after,
    initial: t.initial,
    saved: saved !== null,
    effects: allEffects,
    failures
  };
}

// src/reconcile/pr-commands.ts
async function routedIssueFor(gh, issue2, comment, config2) {
  if (!issue2.isPullRequest || !/\bCloses #\d+\b/i.test(issue2.body)) return null;
  if (parseCommands(comment.body).length === 0) return null;
  const pull = await getPullRequest(gh, issue2.number);
  if (isForkPullRequest(gh, pull)) return null;
  return ralphPullOwner(gh, pull, await config2());
}
function isNotFound2(error2) {
  return error2?.status === 404;
}
async function loadRoutedComments(gh, ids) {
  const comments = [];
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
    try {
      comments.push(await getComment(gh, id));
    } catch (error2) {
      if (!isNotFound2(error2)) throw error2;
    }
  }
  return comments;
}

// src/reconcile/read-issue.ts
function isDone(step) {
  return "done" in step;
}
async function readComments(input, number3) {
  const { gh, signal } = input;
  if (signal.kind === "comment" && !isHuman(gh, signal.comment.user))
    return { done: report("ignored") };
  if (signal.kind === "trigger" && !isHuman(gh, signal.sender)) return { done: report("ignored") };
  if (signal.kind === "review_comment" && !isFixComment(gh, signal.comment)) {
    return { done: report("ignored") };
  }
  const read = input.read ?? await readIssue(gh, number3);
  const list = [...read.known.list];
  if (signal.kind === "comment" && !list.some((c) => c.id === signal.comment.id)) {
    list.push(signal.comment);
    list.sort((a, b) => a.id - b.id);
  }
  const comments = { list, from: read.known.from };
  const status = { ...read.status, foreign: foreignStatuses(gh, list) };
  const loaded = status.kind === "ok" ? status.state : null;
  const fresh = status.kind === "none" ? signal.kind === "comment" ? [signal.comment] : [] : list.filter((c) => loaded === null || !isCommentSeen(loaded.watermark, c.id));
  const routed = loaded !== null && loaded.routedCommands.length > 0 && !isAgentPhase(loaded.phase) ? (await loadRoutedComments(gh, loaded.routedCommands)).filter(
    (r) => !fresh.some((f) => f.id === r.id)
  ) : [];
  const items = commentItems(gh, [...fresh, ...routed]);
  const hasCommands = items.some((i) => i.commands.length > 0);
  const relevant = status.kind !== "none" || hasCommands || signal.kind === "trigger";
  if (!relevant) return { done: report("ignored") };
  const inputs = new Set(items.map((i) => i.id));
  return {
    comments,
    status,
    loaded,
    items,
    hasCommands,
    issue: read.issue,
    cutAt: read.cutAt,
    others: list.filter((c) => !inputs.has(c.id) && !isHuman(gh, c.user)).map((c) => c.id)
  };
}
function commentItems(gh, comments) {
  return comments.flatMap(
    (c) => isHuman(gh, c.user) && !isStatusComment(c.body) ? [
      {
        kind: "comment",
        at: c.created_at,
        id: c.id,
        comment: c,
        user: c.user,
        commands: parseCommands(c.body)
      }
    ] : []
  );
}
async function loadConfig(gh, number3, comments) {
  try {
    return { config: await loadRepoConfig(gh) };
  } catch (error2) {
    if (!(error2 instanceof ConfigError)) throw error2;
    await reportConfigError(gh, number3, error2, comments);
    return { done: report("config_error") };
  }
}
async function reportStatusTrouble(gh, number3, { status, comments, cutAt }) {
  if (cutAt !== null) await reportCut(gh, number3, cutAt, status, comments);
  for (const f of status.foreign) {
    await postComment(
      gh,
      number3,
      `Ignoring [a comment](${f.html_url}) that looks like Ralph's status but was written by @${f.user?.login ?? "unknown"}: only Ralph's own status comment holds its state.`,
      { key: `foreign-status:${f.id}`, known: comments }
    );
  }
  if (status.kind !== "broken") return {};
  await postComment(
    gh,
    number3,
    `**Ralph can't read its state** in [its status comment](${status.comment.html_url}): ${status.error}. Nothing runs until it is fixed; delete the status comment to start over.`,
    { key: `state-broken:${status.comment.id}`, known: comments }
  );
  return { done: report("broken_state") };
}
async function startingState(input, number3, config2, { loaded, comments, items, issue: read, cutAt }) {
  const { gh } = input;
  const issue2 = typeof input.issue !== "number" ? input.issue : read ?? await fetchIssueInfo(gh, number3);
  if (loaded !== null) {
    return {
      issue: issue2,
      initial: cutAt === null ? loaded : { ...loaded, watermark: raiseCommentFloor(loaded.watermark, cutAt - 1) }
    };
  }
  const fresh = (kind) => {
    const state = initialState(number3, kind);
    const newest = Math.max(0, ...comments.list.map((c) => c.id));
    return { ...state, watermark: firstWatermark(state.watermark, items[0]?.id ?? null, newest) };
  };
  if (!issue2.isPullRequest) return { issue: issue2, initial: fresh("issue") };
  const pr = await classifyPullRequest(gh, number3, config2);
  const refusal = pr.kind === "ralph" ? { body: ralphPrMessage(pr.issue), key: RALPH_PR_KEY } : pr.kind === "fork" ? { body: FORK_REFUSAL, key: FORK_REFUSAL_KEY } : pr.kind === "other" ? { body: notSpecPrMessage(config2), key: NOT_A_SPEC_PR_KEY } : null;
  if (refusal === null) return { issue: issue2, initial: fresh("spec_pr") };
  await postComment(gh, number3, refusal.body, { key: refusal.key, known: comments });
  return { done: report("refused") };
}
async function reportCut(gh, number3, cutAt, status, comments) {
  const read = `the newest ${thousands(MAX_HISTORY_PAGES * 100)} comments`;
  const body = status.kind === "none" ? `**Ralph looked for its status comment among ${read} of this issue and did not find it**, so it starts here as if it had never worked on this issue. If an older status comment of Ralph's holds work in progress, comment \`/ralph plan\` to start over.` : `**Ralph read only ${read} it had not read yet** on this issue: older comments it had not read were skipped (their commands did nothing). Repeat anything still meant for Ralph.`;
  await postComment(gh, number3, body, { key: `history-cut:${cutAt}`, known: comments });
}
function isFixComment(gh, comment) {
  return isHuman(gh, comment.user) && parseCommands(comment.body).some((c) => c.name === "fix");
}

// src/reconcile/reconcile.ts
async function reconcileIssue(input) {
  let current = input;
  for (let attempt = 1; ; attempt++) {
    try {
      return await reconcileOnce(current);
    } catch (error2) {
      if (!(error2 instanceof StateConflictError) || attempt >= RECONCILE_ATTEMPTS) throw error2;
      input.gh.log.info(`state conflict on #${issueNumberOf(input)}, reloading: ${error2.message}`);
      const { read: _stale, ...fresh } = current;
      current = fresh;
    }
  }
}
var RECONCILE_ATTEMPTS = 5;
function issueNumberOf(input) {
  return typeof input.issue === "number" ? input.issue : input.issue.number;
}
async function reconcileOnce(input) {
  const { gh, signal } = input;
  const number3 = issueNumberOf(input);
  const reading = await readComments(input, number3);
  if (isDone(reading)) return reading.done;
  const loadedConfig = await loadConfig(gh, number3, reading.comments);
  if (isDone(loadedConfig)) return loadedConfig.done;
  const { config: config2 } = loadedConfig;
  const trouble = await reportStatusTrouble(gh, number3, reading);
  if (isDone(trouble)) return trouble.done;
  const triggered = signal.kind === "trigger" && triggerWanted(config2, signal);
  if (reading.status.kind === "none" && !reading.hasCommands && !triggered) {
    return report("ignored");
  }
  const start = await startingState(input, number3, config2, reading);
  if (isDone(start)) return start.done;
  const { issue: issue2, initial } = start;
  const prReviews = input.prdJustPosted ? null : await loadPrReviews(gh, initial, signal);
  const items = [...reading.items, ...newReviews(gh, initial, prReviews)];
  items.sort((a, b) => a.at === b.at ? a.id - b.id : a.at < b.at ? -1 : 1);
  const intake = new Intake({ gh, config: config2, issue: issue2, signal, loaded: reading.loaded, initial });
  intake.runFailed();
  const ended = pullRequestEndEvent(signal);
  if (ended !== null) intake.step(ended);
  await intake.withdrawApprovals(prReviews);
  await intake.takeInItems(items);
  const actorOf = (user) => intake.actorOf(user);
  for (const event of await reviewCommentEvents(
    gh,
    intake.state,
    signal,
    actorOf,
    issueGoal(issue2)
  )) {
    intake.step(event);
  }
  await intake.trigger(triggered);
  if (!input.prdJustPosted) await intake.countReactionApprovals();
  await pullRequestReads({ gh, signal, config: config2, now: input.now ?? Date.now }, intake);
  const { state, effects } = intake.finish();
  const left = reading.items.filter((i) => !intake.taken.has(i.id)).map((i) => i.id);
  const lowestLeft = Math.min(Number.POSITIVE_INFINITY, ...left);
  return saveThenApply({
    input,
    number: number3,
    config: config2,
    status: reading.status,
    loaded: reading.loaded,
    initial,
    state,
    effects,
    comments: reading.comments,
    alsoSeen: reading.others.filter((id) => id < lowestLeft),
    issueTitle: issue2.title
  });
}
function triggerWanted(config2, signal) {
  const same2 = (a) => (b) => a.toLowerCase() === b.toLowerCase();
  if (signal.assignee !== void 0) return config2.trigger.assignees.some(same2(signal.assignee));
  if (signal.label === null) return config2.trigger.on_open;
  return config2.trigger.labels.some(same2(signal.label));
}

// src/app/in-flight.ts
var RUNNING_PER_INSTALLATION = 8;
var QUEUED_PER_INSTALLATION = 500;
var InFlightFullError = class extends Error {
  name = "InFlightFullError";
  status = 503;
};
var InFlight = class {
  constructor(onError, limits = {
    running: RUNNING_PER_INSTALLATION,
    queued: QUEUED_PER_INSTALLATION
  }) {
    this.onError = onError;
    this.limits = limits;
  }
  onError;
  limits;
  running = /* @__PURE__ */ new Set();
  lanes = /* @__PURE__ */ new Map();
  /**
   * Starts `work` (now, or when its installation has a free slot) and returns at once; its
   * failure goes to `onError`. Throws InFlightFullError when the installation's queue is full.
   */
  start(work, key = "app") {
    const lane = this.lanes.get(key) ?? { running: 0, waiting: [] };
    if (lane.running >= this.limits.running && lane.waiting.length >= this.limits.queued) {
      throw new InFlightFullError(
        `${lane.running} handlings run and ${lane.waiting.length} wait for ${key}: refusing the delivery`
      );
    }
    this.lanes.set(key, lane);
    const turn = lane.running < this.limits.running ? Promise.resolve() : new Promise((resolve) => lane.waiting.push(resolve));
    if (lane.running < this.limits.running) lane.running += 1;
    const promise = turn.then(work).then(
      () => {
      },
      (error2) => this.onError(error2)
    ).finally(() => {
      this.running.delete(promise);
      this.release(key, lane);
    });
    this.running.add(promise);
  }
  /** A slot of `lane` is free: the next waiting handling takes it, or the lane goes. */
  release(key, lane) {
    const next = lane.waiting.shift();
    if (next !== void 0) {
      next();
      return;
    }
    lane.running -= 1;
    if (lane.running === 0) this.lanes.delete(key);
  }
  get size() {
    return this.running.size;
  }
  /** Handlings waiting for a slot, all installations together. */
  get waiting() {
    let n = 0;
    for (const lane of this.lanes.values()) n += lane.waiting.length;
    return n;
  }
  /** Resolves when nothing is running (including work started meanwhile). */
  async idle() {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
};

// src/app/poller.ts
var intervalScheduler = {
  every(ms, task) {
    const handle = setInterval(() => {
      void task();
    }, ms);
    handle.unref();
    return { cancel: () => clearInterval(handle) };
  }
};
var DEFAULT_POLL_INTERVAL_MS = 5 * 60 * 1e3;
var ApprovalPoller = class {
  constructor(options) {
    this.options = options;
  }
  options;
  timers = /* @__PURE__ */ new Map();
  running = /* @__PURE__ */ new Set();
  closed = false;
  ensure(installationId) {
    if (this.closed || this.options.intervalMs <= 0 || this.timers.has(installationId)) return;
    this.timers.set(
      installationId,
      this.options.scheduler.every(this.options.intervalMs, () => this.tick(installationId))
    );
  }
  forget(installationId) {
    this.timers.get(installationId)?.cancel();
    this.timers.delete(installationId);
  }
  async tick(installationId) {
    if (this.closed || this.running.has(installationId)) return;
    this.running.add(installationId);
    try {
      await this.options.sweep(installationId);
    } catch (error2) {
      this.options.log.error(
        `approval sweep of installation ${installationId} failed: ${error2 instanceof Error ? error2.message : String(error2)}`
      );
    } finally {
      this.running.delete(installationId);
    }
  }
  get installations() {
    return [...this.timers.keys()];
  }
  close() {
    this.closed = true;
    for (const timer of this.timers.values()) timer.cancel();
    this.timers.clear();
  }
};

// src/app/recover-commands.ts
async function recoverUnacknowledgedCommands(gh, issue2, since, reconcile) {
  const recent = await paginate(
    gh,
    "GET /repos/{owner}/{repo}/issues/{issue_number}/comments",
    { issue_number: issue2, since: since.toISOString() }
  );
  let recovered = 0;
  for (const raw of recent) {
    const comment = toComment(raw);
    if (Date.parse(comment.created_at) < since.getTime()) continue;
    if (isBotUser(comment.user) || parseCommands(comment.body).length === 0) continue;
    const eyes = await listCommentReactions(gh, comment.id, "eyes");
    if (eyes.some((r) => r.user?.login.toLowerCase() === gh.botLogin.toLowerCase())) continue;
    await reconcile(issue2, comment);
    recovered += 1;
  }
  return recovered;
}

// src/app/sweep.ts
var SEARCH_RESULT_LIMIT = 1e3;
var PER_PAGE3 = 100;
function accountOf(raw) {
  const login = raw.account?.login;
  if (typeof login !== "string") return null;
  return {
    login,
    type: raw.account?.type ?? "User",
    selection: raw.repository_selection ?? "all"
  };
}
function ownerQualifier(account) {
  return `${account.type === "Organization" ? "org" : "user"}:${account.login}`;
}
async function searchIssues(client, query, log) {
  const out = [];
  let total = 0;
  let incomplete = false;
  for (let page2 = 1; page2 * PER_PAGE3 <= SEARCH_RESULT_LIMIT + PER_PAGE3 - 1; page2++) {
    const res = await client.request("GET /search/issues", { q: query, per_page: PER_PAGE3, page: page2 });
    const data = res.data;
    total = data.total_count;
    incomplete ||= data.incomplete_results;
    for (const item of data.items) {
      const [owner, repo] = item.repository_url.split("/").slice(-2);
      if (owner === void 0 || repo === void 0) continue;
      out.push({
        owner,
        repo,
        repoUrl: item.html_url.replace(/\/(issues|pull)\/\d+$/, ""),
        issue: toIssueInfo(item),
        raw: item
      });
    }
    if (data.items.length < PER_PAGE3 || out.length >= total) break;
  }
  if (total > out.length || incomplete) {
    log.warn(
      `the search "${query}" found ${total} results${incomplete ? " (GitHub says incomplete)" : ""}; the sweep read ${out.length}: the rest are read by their next event or a later sweep`
    );
  }
  return out;
}
async function selectedRepositories(client) {
  const names = /* @__PURE__ */ new Set();
  for (let page2 = 1; ; page2++) {
    const res = await client.request("GET /installation/repositories", {
      per_page: PER_PAGE3,
      page: page2
    });
    const repos = res.data.repositories;
    for (const r of repos) names.add(r.full_name.toLowerCase());
    if (repos.length < PER_PAGE3) return names;
  }
}
async function installationSearch(client, account, terms, log) {
  const found2 = await searchIssues(client, `is:open ${terms} ${ownerQualifier(account)}`, log);
  if (account.selection !== "selected" || found2.length === 0) return found2;
  const allowed = await selectedRepositories(client);
  return found2.filter((f) => allowed.has(`${f.owner}/${f.repo}`.toLowerCase()));
}
var DONE_LABEL = "ralph:done";
function awaitingApproval(client, account, log) {
  const labels = [...SWEPT_LABELS, DONE_LABEL].map((l) => `"${l}"`).join(",");
  return installationSearch(client, account, `label:${labels}`, log);
}
function updatedSince(client, account, since, log) {
  const at = since.toISOString().replace(/\.\d{3}Z$/, "Z");
  return installationSearch(client, account, `updated:>=${at}`, log);
}

// src/app/app-runtime.ts
function logOf(target) {
  return {
    info: (m) => target.log.info(m),
    warn: (m) => target.log.warn(m),
    error: (m) => target.log.error(m),
    debug: (m) => target.log.debug(m)
  };
}
var AppRuntime = class {
  probot = null;
  poller;
  /** Work started after a webhook was answered (answer first: GitHub gives up after 10 s). */
  inFlight = new InFlight(
    (error2) => this.probot?.log.error(`handling a webhook failed after it was answered: ${String(error2)}`)
  );
  lock = new KeyedLock();
  /** Installation → its account (search qualifier), from listings, webhooks or one lookup. */
  accounts = /* @__PURE__ */ new Map();
  botLogin;
  answerFirst;
  pollIntervalMs;
  constructor(options) {
    this.botLogin = options.botLogin === void 0 ? null : Promise.resolve(options.botLogin);
    this.answerFirst = options.answerFirst ?? false;
    this.pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
    this.poller = new ApprovalPoller({
      scheduler: options.scheduler ?? intervalScheduler,
      intervalMs: options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS,
      sweep: (id) => this.sweep(id),
      log: {
        info: (m) => this.probot?.log.info(m),
        warn: (m) => this.probot?.log.warn(m),
        error: (m) => this.probot?.log.error(m),
        debug: (m) => this.probot?.log.debug(m)
      }
    });
  }
  /**
   * `app.on` for Ralph's handlers: each one answers GitHub as soon as the payload is accepted and
   * runs after (unless `answerFirst` is false); `inFlight.idle()` waits for the work.
   */
  listen(app) {
    if (!this.answerFirst) return app.on.bind(app);
    return ((events, handler) => app.on(events, async (context) => {
      const installation = context.payload.installation;
      this.inFlight.start(() => handler(context), `installation-${installation?.id ?? "none"}`);
    }));
  }
  /** The GitHub context of a webhook; its installation gets a poller. */
  fromContext(app, context) {
    const { owner, repo } = context.repo();
    const installation = context.payload.installation;
    if (installation) this.poller.ensure(installation.id);
    const client = context.octokit;
    return this.contextFor(app, client, owner, repo, logOf(context));
  }
  /** One reconcile of one issue, under the issue's lock. */
  run(gh, issue2, signal, repoUrl) {
    const number3 = typeof issue2 === "number" ? issue2 : issue2.number;
    return this.lock.run(
      `${gh.owner}/${gh.repo}#${number3}`.toLowerCase(),
      () => reconcileIssue({ gh, issue: issue2, signal, ...repoUrl === void 0 ? {} : { repoUrl } })
    );
  }
  async configOrDefault(gh) {
    try {
      return await loadRepoConfig(gh);
    } catch {
      return defaultConfig();
    }
  }
  /**
   * One approval sweep of an installation (DESIGN §3.3): its open issues awaiting approval, found
   * by one search across its repositories (sweep.ts), are re-read; then, when the App answers
   * first, commands on recently updated issues that were never handled.
   */
  async sweep(installationId) {
    if (this.probot === null) return;
    const app = this.probot;
    const client = await app.auth(installationId);
    const account = await this.accountOf(app, installationId);
    const log = logOf(app);
    const startedAt = /* @__PURE__ */ new Date();
    const found2 = await awaitingApproval(client, account, log);
    const done = found2.filter((f) => f.issue.labels.includes(DONE_LABEL));
    for (const f of found2.filter((x) => !done.includes(x))) {
      const gh = await this.contextFor(app, client, f.owner, f.repo, log);
      await this.sweepOne(app, gh, f.issue, { kind: "touch" }, f.repoUrl);
    }
    for (const repoUrl of new Set(done.map((f) => f.repoUrl))) {
      const { owner, repo } = done.find((f) => f.repoUrl === repoUrl);
      const gh = await this.contextFor(app, client, owner, repo, log);
      const config2 = await this.configOrDefault(gh);
      const conflicts = await conflictingPulls(gh, await openRalphPulls(gh, config2), config2);
      for (const t of conflicts) {
        await this.sweepOne(app, gh, t.issue, { kind: "base", pr: t.pr }, repoUrl);
      }
    }
    if (this.answerFirst) await this.recover(app, client, account, startedAt);
  }
  async sweepOne(app, gh, issue2, signal, repoUrl) {
    try {
      await this.run(gh, issue2, signal, repoUrl);
    } catch (error2) {
      const n = typeof issue2 === "number" ? issue2 : issue2.number;
      app.log.error(`sweep of ${gh.owner}/${gh.repo}#${n} failed: ${String(error2)}`);
    }
  }
  /** Remembers an installation's account (from a listing or its webhook): no lookup later. */
  noteInstallation(id, raw) {
    const account = accountOf(raw);
    if (account !== null) this.accounts.set(id, account);
  }
  /** Lists installations at load, so their pollers start without waiting for a webhook. */
  async discover(app) {
    try {
      const octokit = await app.auth();
      for (let page2 = 1; ; page2++) {
        const res = await octokit.request("GET /app/installations", { per_page: 100, page: page2 });
        const installations = res.data;
        for (const i of installations) {
          this.noteInstallation(i.id, i);
          this.poller.ensure(i.id);
        }
        if (installations.length < 100) break;
      }
    } catch (error2) {
      app.log.warn(`could not list installations for the approval poller: ${String(error2)}`);
    }
  }
  /** The account an installation belongs to (the sweep's search qualifier), looked up once. */
  async accountOf(app, id) {
    const known = this.accounts.get(id);
    if (known !== void 0) return known;
    const octokit = await app.auth();
    const res = await octokit.request("GET /app/installations/{installation_id}", {
      installation_id: id
    });
    const account = accountOf(res.data);
    if (account === null) throw new Error(`installation ${id} names no account`);
    this.accounts.set(id, account);
    return account;
  }
  /** Commands whose webhook was answered but never handled (a crash in between). */
  async recover(app, client, account, now) {
    const since = new Date(now.getTime() - 2 * (this.pollIntervalMs || DEFAULT_POLL_INTERVAL_MS));
    try {
      for (const found2 of await updatedSince(client, account, since, logOf(app))) {
        const gh = await this.contextFor(app, client, found2.owner, found2.repo, logOf(app));
        await recoverUnacknowledgedCommands(
          gh,
          found2.issue.number,
          since,
          (issue2, comment) => this.run(gh, issue2, { kind: "comment", comment }, found2.repoUrl)
        );
      }
    } catch (error2) {
      app.log.error(
        `recovering commands of ${account.login}'s installation failed: ${String(error2)}`
      );
    }
  }
  async contextFor(app, client, owner, repo, log) {
    return { client, owner, repo, botLogin: await this.ownLogin(app), log };
  }
  ownLogin(app) {
    if (this.botLogin === null) {
      const lookup = (async () => {
        const octokit = await app.auth();
        const res = await octokit.request("GET /app");
        const slug = res.data?.slug;
        if (!slug) throw new Error("GET /app returned no slug");
        return `${slug}[bot]`;
      })();
      this.botLogin = lookup;
      lookup.catch(() => {
        this.botLogin = null;
      });
    }
    return this.botLogin;
  }
};

// src/app/webhook-handlers.ts
function onIssueEvents(app, rt) {
  const on = rt.listen(app);
  on("issues.opened", async (context) => {
    const p = context.payload;
    if (isBotUser(p.sender)) return;
    await rt.run(
      await rt.fromContext(app, context),
      toIssueInfo(p.issue),
      { kind: "trigger", sender: p.sender, label: null, at: p.issue.updated_at },
      p.repository.html_url
    );
  });
  on("issues.labeled", async (context) => {
    const p = context.payload;
    if (!p.label || isBotUser(p.sender)) return;
    await rt.run(
      await rt.fromContext(app, context),
      toIssueInfo(p.issue),
      { kind: "trigger", sender: p.sender, label: p.label.name, at: p.issue.updated_at },
      p.repository.html_url
    );
  });
  on("issues.assigned", async (context) => {
    const p = context.payload;
    if (!p.assignee || isBotUser(p.sender)) return;
    const gh = await rt.fromContext(app, context);
    const signal = {
      kind: "trigger",
      sender: p.sender,
      label: null,
      assignee: p.assignee.login,
      at: p.issue.updated_at
    };
    if (!triggerWanted(await rt.configOrDefault(gh), signal)) return;
    await rt.run(gh, toIssueInfo(p.issue), signal, p.repository.html_url);
  });
  on("issue_comment.created", async (context) => {
    const p = context.payload;
    if (isBotUser(p.comment.user)) return;
    const gh = await rt.fromContext(app, context);
    const issue2 = toIssueInfo(p.issue);
    const comment = toComment(p.comment);
    const owner = await routedIssueFor(gh, issue2, comment, () => rt.configOrDefault(gh));
    await rt.run(
      gh,
      owner ?? issue2,
      owner === null ? { kind: "comment", comment } : { kind: "comment", comment, from: issue2.number },
      p.repository.html_url
    );
  });
}
function onPullRequestEvents(app, rt) {
  const on = rt.listen(app);
  on("pull_request.labeled", async (context) => {
    const p = context.payload;
    if (!p.label) return;
    await rt.run(
      await rt.fromContext(app, context),
      pullAsIssue(p.pull_request),
      { kind: "trigger", sender: p.sender, label: p.label.name },
      p.repository.html_url
    );
  });
  on(["pull_request.opened", "pull_request.synchronize"], async (context) => {
    const p = context.payload;
    const gh = await rt.fromContext(app, context);
    const pull = p.pull_request;
    if (isForkPullRequest(gh, pull)) {
      const config2 = await rt.configOrDefault(gh);
      const files = await listPullRequestFiles(gh, pull.number);
      if (files.some((f) => isSpecFile(config2, f.filename))) {
        await postComment(gh, pull.number, FORK_REFUSAL, { key: FORK_REFUSAL_KEY });
      }
      return;
    }
    const payload = p.pull_request;
    if (p.action === "synchronize" && await routeRalphPrPush(app, rt, context, payload, p.sender)) {
      return;
    }
    await rt.run(gh, pullAsIssue(payload), { kind: "touch" }, p.repository.html_url);
  });
}
function onReviewEvents(app, rt) {
  const on = rt.listen(app);
  const onPullRequestActivity = (signalOf) => async (context) => {
    const p = context.payload;
    const author = "review" in p ? p.review.user : "comment" in p ? p.comment.user : null;
    if (context.name !== "pull_request_review" || p.action !== "dismissed") {
      if (isBotUser(author)) return;
    }
    const gh = await rt.fromContext(app, context);
    const pull = p.pull_request;
    const target = issueForPullRequest(pull, await rt.configOrDefault(gh));
    await rt.run(
      gh,
      target === pull.number ? pullAsIssue(pull) : target,
      signalOf(pull.number, "review" in p ? p.review : null),
      p.repository.html_url
    );
  };
  on(
    "pull_request_review.submitted",
    onPullRequestActivity((pr, review) => ({ kind: "review", pr, review }))
  );
  on(
    "pull_request_review.dismissed",
    onPullRequestActivity((pr, review) => ({ kind: "review_dismissed", pr, review }))
  );
  on("pull_request_review_comment.created", async (context) => {
    const comment = context.payload.comment;
    if (isBotUser(comment.user) || !parseCommands(comment.body).some((c) => c.name === "fix")) {
      return;
    }
    await onPullRequestActivity((pr) => ({ kind: "review_comment", pr, comment }))(context);
  });
}
function onRunAndInstallationEvents(app, rt) {
  const on = rt.listen(app);
  on("workflow_run.completed", async (context) => {
    const p = context.payload;
    const run2 = p.workflow_run;
    if (!FAILED_CONCLUSIONS.includes(run2.conclusion ?? "")) return;
    const gh = await rt.fromContext(app, context);
    const config2 = await rt.configOrDefault(gh);
    const issue2 = await issueForRun(gh, run2);
    if (issue2 === null || !await runFailureFor(gh, config2, run2, issue2)) return;
    await rt.run(
      gh,
      issue2,
      { kind: "run_failed", conclusion: run2.conclusion ?? "failure", runUrl: run2.html_url },
      p.repository.html_url
    );
  });
  on("installation.created", async (context) => {
    const installation = context.payload.installation;
    rt.noteInstallation(
      installation.id,
      installation
    );
    rt.poller.ensure(installation.id);
  });
  on("installation.deleted", async (context) => {
    rt.poller.forget(context.payload.installation.id);
  });
}

// src/app/create-app.ts
function createRalphApp(options = {}) {
  const rt = new AppRuntime(options);
  const ralph2 = ((app) => {
    rt.probot = app;
    onIssueEvents(app, rt);
    onPullRequestEvents(app, rt);
    onReviewEvents(app, rt);
    onRunAndInstallationEvents(app, rt);
    onAfterPrEvents(app, rt);
    const interval = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
    app.log.info(
      `Ralph loaded; approval poller ${options.pollIntervalMs === 0 ? "off" : `every ${Math.round(interval / 1e3)} s`}`
    );
    if (options.discoverInstallations ?? true) void rt.discover(app);
  });
  Object.assign(ralph2, {
    sweep: (id) => rt.poller.tick(id),
    close: () => rt.poller.close(),
    idle: () => rt.inFlight.idle(),
    poller: rt.poller
  });
  return ralph2;
}

// src/app/probot-octokit.ts
import { ProbotOctokit } from "probot";

// src/github/rate-limit-policy.ts
var RATE_LIMIT_RETRIES = 2;
var SECONDARY_LIMIT_RETRIES = 2;
var MAX_RATE_LIMIT_WAIT_SECONDS = 15 * 60;
var DO_NOT_RETRY = [400, 401, 403, 404, 410, 422, 429, 451];
function shouldRetryRateLimit(retryAfter, retryCount, maxRetries) {
  return retryCount < maxRetries && retryAfter <= MAX_RATE_LIMIT_WAIT_SECONDS;
}
var CONTENT_LIMITS = [
  { limit: 80, windowMs: 6e4 },
  { limit: 500, windowMs: 36e5 }
];
var SlidingWindowLimiter = class {
  constructor(limits, now = () => Date.now(), sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))) {
    this.limits = limits;
    this.now = now;
    this.sleep = sleep;
  }
  limits;
  now;
  sleep;
  starts = [];
  queue = Promise.resolve();
  take() {
    const turn = this.queue.then(() => this.waitForSlot());
    this.queue = turn.catch(() => void 0);
    return turn;
  }
  /** How long the next start must wait (0: now). */
  wait() {
    const now = this.now();
    let wait = 0;
    for (const { limit, windowMs } of this.limits) {
      const inWindow = this.starts.filter((t) => t > now - windowMs);
      if (inWindow.length < limit) continue;
      const leaving = inWindow[inWindow.length - limit] ?? now;
      wait = Math.max(wait, leaving + windowMs - now);
    }
    return wait;
  }
  async waitForSlot() {
    for (let ms = this.wait(); ms > 0; ms = this.wait()) await this.sleep(ms);
    this.starts.push(this.now());
    const longest = Math.max(...this.limits.map((l) => l.windowMs));
    while ((this.starts[0] ?? Number.POSITIVE_INFINITY) <= this.now() - longest)
      this.starts.shift();
  }
};
var contentWindows = /* @__PURE__ */ new Map();
function contentGroup() {
  const windows = contentWindows;
  return {
    key(id = "") {
      let window = windows.get(id);
      if (window === void 0) {
        window = new SlidingWindowLimiter(CONTENT_LIMITS);
        windows.set(id, window);
      }
      const limiter = window;
      return {
        async schedule(options, job, ...args) {
          if (options?.weight !== 0) await limiter.take();
          return job(...args);
        }
      };
    }
  };
}
var CONTENT_GROUP = contentGroup();
function warnOf(warn, octokit) {
  if (warn !== void 0) return warn;
  const log = octokit?.log;
  return (m) => log?.warn?.(m);
}
function rateLimitPolicy(warn) {
  return {
    retry: { retries: 3, doNotRetry: DO_NOT_RETRY },
    throttle: {
      // Replaces plugin-throttling's 3 s spacing of content-generating writes (see above).
      notifications: CONTENT_GROUP,
      onRateLimit: (retryAfter, request, octokit, retryCount) => {
        warnOf(
          warn,
          octokit
        )(`Rate limit on ${request.method} ${request.url}; retry in ${retryAfter}s`);
        return shouldRetryRateLimit(retryAfter, retryCount, RATE_LIMIT_RETRIES);
      },
      onSecondaryRateLimit: (retryAfter, request, octokit, retryCount) => {
        warnOf(
          warn,
          octokit
        )(`Secondary rate limit on ${request.method} ${request.url}; retry in ${retryAfter}s`);
        return shouldRetryRateLimit(retryAfter, retryCount, SECONDARY_LIMIT_RETRIES);
      }
    }
  };
}

// src/app/probot-octokit.ts
var RalphProbotOctokit = ProbotOctokit.defaults((options) => {
  const policy = rateLimitPolicy();
  const throttle = options.throttle;
  const installation = options.auth?.installationId;
  const id = throttle?.id ?? (installation === void 0 || installation === null ? void 0 : String(installation));
  return {
    ...options,
    retry: { ...options.retry, ...policy.retry },
    throttle: { ...throttle, ...policy.throttle, ...id === void 0 ? {} : { id } }
  };
});

// src/app/index.ts
function pollIntervalFromEnv(env = process.env) {
  const raw = env.RALPH_POLL_INTERVAL_SECONDS?.trim();
  if (raw === void 0 || raw === "") return DEFAULT_POLL_INTERVAL_MS;
  const seconds = Number(raw);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1e3 : DEFAULT_POLL_INTERVAL_MS;
}
var ralph = createRalphApp({ pollIntervalMs: pollIntervalFromEnv(), answerFirst: true });
var index_default = ralph;
export {
  RalphProbotOctokit,
  createRalphApp,
  index_default as default,
  pollIntervalFromEnv
};
