// JSON Patch (RFC 6902), the operations the server sends: add, replace and remove, paths as
// JSON pointers (RFC 6901: "~1" is "/", "~0" is "~"; "-" appends to an array). The server's
// table updates are patches of the last snapshot it sent (docs/server.md, "WebSocket").

function tokens(path) {
  if (path === "") return [];
  if (!path.startsWith("/")) throw new Error(`a JSON pointer starts with "/": ${path}`);
  return path.slice(1).split("/").map((token) => token.replace(/~1/g, "/").replace(/~0/g, "~"));
}

function index(array, token, adding) {
  if (adding && token === "-") return array.length;
  if (!/^(0|[1-9][0-9]*)$/.test(token)) throw new Error(`not an array index: ${token}`);
  const i = Number(token);
  if (i > array.length || (!adding && i === array.length)) throw new Error(`index ${i} is out of range`);
  return i;
}

/** Apply `ops` to `doc`, changing it in place; returns the document (a new one when an
 *  operation replaces the whole of it). Throws on an operation that does not fit `doc`. */
export function applyPatch(doc, ops) {
  for (const op of ops) {
    const path = tokens(op.path);
    if (path.length === 0) {
      if (op.op === "remove") throw new Error("cannot remove the whole document");
      doc = op.value;
      continue;
    }
    let parent = doc;
    for (const token of path.slice(0, -1)) {
      parent = Array.isArray(parent) ? parent[index(parent, token, false)] : parent?.[token];
      if (parent === null || typeof parent !== "object") throw new Error(`no such path: ${op.path}`);
    }
    const last = path[path.length - 1];
    if (Array.isArray(parent)) {
      const i = index(parent, last, op.op === "add");
      if (op.op === "add") parent.splice(i, 0, op.value);
      else if (op.op === "replace") parent[i] = op.value;
      else if (op.op === "remove") parent.splice(i, 1);
      else throw new Error(`unknown operation ${op.op}`);
    } else {
      const has = Object.prototype.hasOwnProperty.call(parent, last);
      // (defineProperty: a key "__proto__" is a key like any other in JSON)
      const set = () => Object.defineProperty(parent, last, { value: op.value, writable: true, enumerable: true, configurable: true });
      if (op.op === "add" || (op.op === "replace" && has)) set();
      else if (op.op === "remove" && has) delete parent[last];
      else throw new Error(`cannot ${op.op} ${op.path}`);
    }
  }
  return doc;
}
