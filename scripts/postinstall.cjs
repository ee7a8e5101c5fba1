console.log("postinstall: ok")
